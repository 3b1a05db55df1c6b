// Idempotency-Key on every POST and PUT that takes a credential or the captcha,
// as Stripe's: the first request with a key runs and its answer is kept; the
// same request again (fingerprint.ts) gets that answer back, marked
// Idempotent-Replayed: true; another request under the key is refused (422);
// requests arriving while the first runs wait for its answer, at most
// `waitMs`, then 409. The rules are stated once, in docs/idempotency.ts.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { claimKey, readKey, releaseKey, storeAnswer, sweepKeys, type StoredAnswer } from '../store/idempotency-keys.js';
import { ApiError, fieldError } from '../shared/errors.js';
import { logFailure, pathOf } from './error-handler.js';
import { requestFingerprint } from './fingerprint.js';
import { describeIdempotency, IDEMPOTENCY_HEADER, MAX_KEY_LENGTH, REPLAYED_HEADER, takesKey } from './idempotency-schema.js';
import { keyWaiters } from './key-waiters.js';

export const KEY_LIFETIME_MS = 24 * 3600 * 1000;
/** A claim in flight this long belongs to a process that died (a request never runs this long). */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;
export const DEFAULT_WAIT_MS = 10_000;
/** How often a waiter looks at the table: the owner may be another process on the same PostgreSQL. */
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60_000;

export interface IdempotencyOptions {
  /** The clock keys live by, in ms since the epoch: the real time unless a test moves it (the test clock does not count). */
  now?: () => number;
  /** How long a request waits on its key in flight before 409 idempotency_key_in_use (default 10 s). */
  waitMs?: number;
}

interface Claim { scope: string; key: string; owner: string }
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
  app.addHook('preValidation', async (request) => {
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (key === undefined || !takesKey(request.method, request.routeOptions.config?.auth)) return;
    const text = [key].flat().join(', ');
    if (text.length < 1 || text.length > MAX_KEY_LENGTH)
      throw new ApiError(400, 'SchemaValidationException', [fieldError(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters, got ${text.length}`, 'headers')]);
    request.idempotency = { key: text, fingerprint: requestFingerprint(request.method, pathOf(request), request.body) };
  });

  // After validation and the guard: a refused request never takes its key.
  app.addHook('preHandler', async (request, reply) => {
    const asked = request.idempotency;
    if (!asked) return;
    const scope = scopeOf(request);
    const id = `${scope}\n${asked.key}`;
    const deadline = performance.now() + waitMs;
    for (;;) {
      const at = now();
      const owner = randomUUID();
      if (await claimKey(db, { scope, key: asked.key, fingerprint: asked.fingerprint, owner, now: new Date(at),
        expiredBefore: new Date(at - KEY_LIFETIME_MS), abandonedBefore: new Date(at - ABANDONED_AFTER_MS) })) {
        asked.claim = { scope, key: asked.key, owner };
        if (at - lastSweep > SWEEP_EVERY_MS) { lastSweep = at; await sweepKeys(db, new Date(at - KEY_LIFETIME_MS)); }
        return;
      }
      const row = await readKey(db, scope, asked.key);
      if (!row) continue; // released or expired meanwhile: try to claim it again
      if (row.fingerprint !== asked.fingerprint)
        throw keyError(422, 'idempotency_key_reused', `${IDEMPOTENCY_HEADER} was used with another request (method, path or body) in the last 24 hours: send a new key for a new request`);
      if (row.answer) return replay(reply, row.answer);
      const left = deadline - performance.now();
      if (left <= 0)
        throw keyError(409, 'idempotency_key_in_use', `a request with this ${IDEMPOTENCY_HEADER} is still running after ${waitMs} ms: retry later with the same key`);
      await waiters.wait(id, Math.min(POLL_MS, left));
    }
  });

  // The owner keeps its answer (below 500) before it goes out, so a retry that follows it finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency?.claim;
    if (!claim) return payload;
    request.idempotency!.claim = undefined;
    const body = payload === null || payload === undefined || reply.statusCode === 204 ? null
      : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (reply.statusCode >= 500 || body === undefined) await releaseKey(db, claim.scope, claim.key, claim.owner);
      else await storeAnswer(db, claim.scope, claim.key, claim.owner, { status: reply.statusCode, headers: keptHeaders(reply), body });
    } catch (error) {
      logFailure(error); // the answer still goes out; the claim is taken over once abandoned
    }
    waiters.wake(`${claim.scope}\n${claim.key}`);
    return payload;
  });

  // An answer that never passed onSend (the connection went first): free the key.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotency?.claim;
    if (!claim) return;
    request.idempotency!.claim = undefined;
    await releaseKey(db, claim.scope, claim.key, claim.owner).catch(logFailure);
    waiters.wake(`${claim.scope}\n${claim.key}`);
  });
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
