// Idempotency-Key on every POST and PUT that takes a credential or the captcha,
// as Stripe's: the first request with a key runs and its answer is kept; the
// same request again (fingerprint.ts) gets that answer back, marked
// Idempotent-Replayed: true; another request under the key is refused (422);
// requests arriving while the first runs wait for its answer, at most
// `waitMs`, then 409. A key is in flight for as long as its first request's
// owner lives: the request holds the key's claim (db/claims.ts: an advisory
// lock on PostgreSQL, memory on PGlite) while it runs, never a lease that
// runs out under a long request. The rules are stated once, in docs/idempotency.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { claimKey, readKey, releaseKey, storeAnswer, sweepKeys, type StoredAnswer } from '../store/idempotency-keys.js';
import { ApiError, fieldError } from '../base/errors.js';
import { logFailure, pathOf } from './error-handler.js';
import { requestFingerprint } from './fingerprint.js';
import { describeIdempotency, IDEMPOTENCY_HEADER, MAX_KEY_LENGTH, REPLAYED_HEADER, takesKey } from './idempotency-schema.js';
import { keyWaiters } from './key-waiters.js';
import { refuseLater } from '../base/refuse-later.js';

export const KEY_LIFETIME_MS = 24 * 3600 * 1000;
export const DEFAULT_WAIT_MS = 10_000;
/** How often a waiter looks at the table: the owner may be another process on the same PostgreSQL. */
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60_000;
/** The Content-Type Fastify gives a serialized answer: what a replay of an answer kept with the work says. */
const JSON_TYPE = 'application/json; charset=utf-8';
const KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();

export interface IdempotencyOptions {
  /** The clock keys live by, in ms since the epoch: the real time unless a test moves it (the test clock does not count). */
  now?: () => number;
  /** How long a request waits on its key in flight before 409 idempotency_key_in_use (default 10 s). */
  waitMs?: number;
}

interface Claim {
  scope: string; key: string; owner: string; reply: FastifyReply;
  /** The answer kept in the route's own transaction (keepAnswer), as serialized. */
  kept?: string;
}
declare module 'fastify' {
  interface FastifyRequest { idempotency?: { key: string; fingerprint: string; claim?: Claim } }
}

const keyError = (status: number, code: 'idempotency_key_reused' | 'idempotency_key_in_use', msg: string) =>
  new ApiError(status, code, [fieldError(IDEMPOTENCY_HEADER, msg, 'headers')]);

/** Whose keys these are: the credential's key id (a JWT's subject is one), or the company for the captcha's POST /v1/charge/pay. */
const scopeOf = (request: FastifyRequest) => request.credential
  ? `credential:${request.credential.keyId}`
  : `company:${String((request.body as { companyId?: unknown } | undefined)?.companyId ?? '')}`;

function replay(reply: FastifyReply, answer: StoredAnswer) {
  reply.code(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true');
  return reply.send(answer.body ?? undefined);
}

export async function installIdempotency(app: FastifyInstance, db: Database, options: IdempotencyOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const waiters = keyWaiters();
  let lastSweep = 0;
  // One process owns a PGlite folder: claims still in flight are a previous run's, never to end.
  if (db.kind === 'pglite') await sweepKeys(db, new Date(now() - KEY_LIFETIME_MS), true);

  app.addHook('onRoute', describeIdempotency);

  // The key is checked and the body fingerprinted as sent, before the schema fills in defaults.
  // Callback hooks: a request without a key passes each in the same turn (no promise per hook).
  app.addHook('preValidation', (request, _reply, done) => {
    const key = request.headers[KEY_HEADER];
    if (key === undefined || !takesKey(request.method, request.routeOptions.config?.auth)) return done();
    const text = [key].flat().join(', ');
    if (text.length < 1 || text.length > MAX_KEY_LENGTH)
      return refuseLater(done, new ApiError(400, 'SchemaValidationException', [fieldError(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters, got ${text.length}`, 'headers')]));
    request.idempotency = { key: text, fingerprint: requestFingerprint(request.method, pathOf(request), request.body) };
    done();
  });

  // After validation and the guard: a refused request never takes its key.
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.idempotency) return done();
    claimOrReplay(request, reply).then(() => done(), done);
  });
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.idempotency!;
    const scope = scopeOf(request);
    const id = `${scope}\n${asked.key}`;
    const deadline = performance.now() + waitMs;
    for (;;) {
      // The claim first, then the row: a row in flight whose claim is free has an owner that died.
      if (await db.claims.tryClaim('idempotency', id)) {
        const at = now();
        const owner = randomUUID();
        let ran = false;
        try {
          ran = await claimKey(db, { scope, key: asked.key, fingerprint: asked.fingerprint, owner, now: new Date(at), expiredBefore: new Date(at - KEY_LIFETIME_MS) });
        } finally {
          if (!ran) await db.claims.release('idempotency', id);
        }
        if (ran) {
          asked.claim = { scope, key: asked.key, owner, reply };
          if (at - lastSweep > SWEEP_EVERY_MS) { lastSweep = at; await sweepKeys(db, new Date(at - KEY_LIFETIME_MS)).catch(logFailure); }
          return;
        }
      }
      const row = await readKey(db, scope, asked.key);
      if (row && row.fingerprint !== asked.fingerprint)
        throw keyError(422, 'idempotency_key_reused', `${IDEMPOTENCY_HEADER} was used with another request (method, path or body) in the last 24 hours: send a new key for a new request`);
      if (row?.answer) return replay(reply, row.answer);
      const left = deadline - performance.now();
      if (left <= 0)
        throw keyError(409, 'idempotency_key_in_use', `a request with this ${IDEMPOTENCY_HEADER} is still running after ${waitMs} ms: retry later with the same key`);
      await waiters.wait(id, Math.min(POLL_MS, left));
    }
  };

  /** Ends the claim: the answer kept or the row freed, then the key's lock let go and its waiters woken. */
  const finish = async (claim: Claim, answer: StoredAnswer | undefined) => {
    try {
      if (claim.kept !== undefined) {
        // Kept with the work: a 5xx after the commit must not free a key whose work is done.
      } else if (answer) await storeAnswer(db, claim.scope, claim.key, claim.owner, answer);
      else await releaseKey(db, claim.scope, claim.key, claim.owner);
    } catch (error) {
      logFailure(error); // the answer still goes out; the row stays in flight until the next claim takes it over
    }
    const id = `${claim.scope}\n${claim.key}`;
    await db.claims.release('idempotency', id).catch(logFailure);
    waiters.wake(id);
  };

  // The owner keeps its answer (below 500) before it goes out, so a retry that follows it finds it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency?.claim;
    if (!claim) return done(null, payload);
    request.idempotency!.claim = undefined;
    const body = payload === null || payload === undefined || reply.statusCode === 204 ? null
      : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    // finish() never rejects (it logs its failures).
    void finish(claim, reply.statusCode >= 500 || body === undefined ? undefined : { status: reply.statusCode, headers: keptHeaders(reply), body }).then(() => done(null, payload));
  });

  // An answer that never passed onSend (the connection went first): free the key.
  app.addHook('onResponse', (request, _reply, done) => {
    const claim = request.idempotency?.claim;
    if (!claim) return done();
    request.idempotency!.claim = undefined;
    void finish(claim, undefined).then(() => done());
  });
}

/**
 * Keeps a route's answer (200 with `answer` as its body, or 204 without one) under the request's
 * Idempotency-Key inside the route's own transaction, so the work and its answer commit together:
 * an owner that dies after the commit leaves the answer, never work a retry would do again.
 * Returns `answer` (a request without a key: nothing kept).
 */
export async function keepAnswer<T>(tx: Queryable, request: FastifyRequest, answer: T, status: 200 | 204 = 200): Promise<T> {
  const claim = request.idempotency?.claim;
  if (!claim) return answer;
  const body = status === 204 ? null : claim.reply.serialize(answer) as string;
  await storeAnswer(tx, claim.scope, claim.key, claim.owner, { status, headers: body === null ? {} : { 'content-type': JSON_TYPE }, body });
  claim.kept = body ?? '';
  return answer;
}

/** The headers a replay repeats: what the body is, and whether it may be cached. */
function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['content-type', 'cache-control']) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}
