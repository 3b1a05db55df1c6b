// The idempotency_keys table (http/idempotency.ts): every statement is one
// autocommitted query, never a transaction held across a request's work, so
// PGlite's single connection is never blocked by a request that waits (an
// answer kept with the work rides in the route's own transaction: keepAnswer).
// Who runs is decided by the key's claim (db/claims.ts, held while the request
// runs), then one INSERT ... ON CONFLICT: a row still in flight under a claim
// its taker holds belongs to a request whose owner died, so it is taken over.
import type { Queryable } from '../db/database.js';
import type { WriteMany } from '../db/write-buffer.js';

/** What is replayed: the first answer's status, its Content-Type (and Cache-Control), its body as sent. */
export interface StoredAnswer { status: number; headers: Record<string, string>; body: string | null }

export interface KeyRow { fingerprint: string; answer?: StoredAnswer }

export interface ClaimRequest {
  scope: string; key: string; fingerprint: string;
  /** A fresh id for this request: only its owner stores or releases the claim. */
  owner: string;
  now: Date;
  /** A key made at or before this time has expired: the request takes it over as new. */
  expiredBefore: Date;
}

/**
 * True when this request runs: the key was new, expired, or in flight without an answer.
 * Call it only while holding the key's claim: then no live request owns a row in flight.
 */
export async function claimKey(db: Queryable, claim: ClaimRequest): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO idempotency_keys (scope, key, fingerprint, owner, created_at, claimed_at) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner,
       created_at = EXCLUDED.created_at, claimed_at = EXCLUDED.claimed_at, status = NULL, headers = NULL, body = NULL
     WHERE idempotency_keys.created_at <= $6 OR idempotency_keys.status IS NULL
     RETURNING owner`,
    [claim.scope, claim.key, claim.fingerprint, claim.owner, claim.now.toISOString(), claim.expiredBefore.toISOString()]);
  return rows.length === 1;
}

/** The key as stored: its request's fingerprint and, once that request ended, its answer. */
export async function readKey(db: Queryable, scope: string, key: string): Promise<KeyRow | undefined> {
  const [row] = await db.query<{ fingerprint: string; status: number | null; headers: Record<string, string> | null; body: string | null }>(
    'SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
  if (!row) return undefined;
  return { fingerprint: row.fingerprint, ...(row.status === null ? {} : { answer: { status: row.status, headers: row.headers ?? {}, body: row.body } }) };
}

/** Answers kept with the work's other held writes, in the same statement (db/write-buffer.ts). */
const storeMany: WriteMany = (rows, tag) => [`${tag} AS (UPDATE idempotency_keys k SET status = r.status, headers = r.headers, body = r.body
  FROM jsonb_to_recordset(${rows}) AS r(scope text, key text, owner text, status integer, headers jsonb, body text)
  WHERE k.scope = r.scope AND k.key = r.key AND k.owner = r.owner)`];

export async function storeAnswer(db: Queryable, scope: string, key: string, owner: string, answer: StoredAnswer): Promise<void> {
  if (db.writes) return db.writes.append('idempotency_keys', JSON.stringify({ scope, key, owner, ...answer }), storeMany);
  await db.query('UPDATE idempotency_keys SET status = $4, headers = $5, body = $6 WHERE scope = $1 AND key = $2 AND owner = $3',
    [scope, key, owner, answer.status, JSON.stringify(answer.headers), answer.body]);
}

/** The request ended without an answer worth keeping: the key is free for the next try (an answer kept with the work stays). */
export async function releaseKey(db: Queryable, scope: string, key: string, owner: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND owner = $3 AND status IS NULL', [scope, key, owner]);
}

/** Drops expired keys; with `inFlightToo`, every claim still in flight (only one process owns a PGlite folder). */
export async function sweepKeys(db: Queryable, expiredBefore: Date, inFlightToo = false): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at <= $1${inFlightToo ? ' OR status IS NULL' : ''}`, [expiredBefore.toISOString()]);
}
