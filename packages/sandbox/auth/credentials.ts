// Sandbox credentials (part 5): apiKey `<KEY_ID>.<SECRET>`. Only the SHA-256
// of the secret is stored: issued secrets are 32 random bytes, so a slow hash
// adds nothing but latency on every call. Sandbox key ids start with `sbx_`;
// any other shape is a production credential (rule 3) and is told so.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { changed, stampOf, stillFresh } from '../db/change-stamp.js';
import type { Database, Queryable } from '../db/database.js';
import type { Credential, Permission } from './permissions.js';

export const SANDBOX_KEY_PREFIX = 'sbx_';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface IssuedCredential extends Credential { secret: string; apiKey: string }

/** Stores a credential (a fresh key id and secret unless given) and returns it with its secret, shown once. */
export async function createCredential(db: Queryable, options: { permissions: Permission[]; companies: string[]; keyId?: string; secret?: string }): Promise<IssuedCredential> {
  const keyId = options.keyId ?? `${SANDBOX_KEY_PREFIX}${randomBytes(9).toString('base64url')}`;
  if (!keyId.startsWith(SANDBOX_KEY_PREFIX) || keyId.includes('.')) throw new Error(`a sandbox key id starts with ${SANDBOX_KEY_PREFIX} and has no dot`);
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO credentials (key_id, secret_sha256, permissions, companies) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key_id) DO UPDATE SET secret_sha256 = $2, permissions = $3, companies = $4`,
    [keyId, sha256(secret), JSON.stringify(options.permissions), JSON.stringify(options.companies)],
  );
  changed(); // this process's cached credentials: a rotated key's old secret is refused at once
  return { keyId, secret, apiKey: `${keyId}.${secret}`, permissions: options.permissions, companies: options.companies };
}

interface Row { key_id: string; secret_sha256: string; permissions: Permission[]; companies: string[]; cache_epoch: string }
type Stored = Credential & { secretSha256: string; cacheEpoch: string };
const toCredential = (row: Row): Credential => ({ keyId: row.key_id, permissions: row.permissions, companies: row.companies });

/** Credentials found, per database, under the stamp taken before their read (db/change-stamp.ts). */
const kept = new WeakMap<Database, Map<string, { stamp: string; at: number; stored: Stored }>>();
/** Key ids kept per database at most: past it the cache starts again. */
const MAX_KEPT = 10_000;

async function readCredential(db: Queryable, keyId: string): Promise<Stored | undefined> {
  const [row] = await db.query<Row>('SELECT c.*, (SELECT version::text FROM cache_epoch) AS cache_epoch FROM credentials c WHERE key_id = $1', [keyId]);
  return row && { ...toCredential(row), secretSha256: row.secret_sha256, cacheEpoch: row.cache_epoch };
}

/** The credential kept for `keyId` under the live stamp (PostgreSQL, db/change-stamp.ts), or undefined: read it (findCredential). */
function keptCredential(db: Queryable | Database, keyId: string): Stored | undefined {
  const stamp = 'kind' in db ? stampOf(db) : undefined;
  if (stamp === undefined) return undefined;
  const hit = kept.get(db as Database)?.get(keyId);
  return hit?.stamp === stamp && stillFresh(stamp, hit.at) ? hit.stored : undefined;
}

/**
 * The credential and the stamp its request's cached company reads are checked against. On PostgreSQL
 * both come from this process's cache while its stamp is current (db/change-stamp.ts: any change to
 * credentials, by any process, is seen within STAMP_WINDOW_MS, one by this process at once); elsewhere
 * (PGlite) read every time, with the database's cache epoch in the same statement.
 */
export async function findCredential(db: Queryable | Database, keyId: string): Promise<Stored | undefined> {
  const stamp = 'kind' in db ? stampOf(db) : undefined;
  if (stamp === undefined) return readCredential(db, keyId);
  const hit = keptCredential(db, keyId);
  if (hit) return hit;
  let byKey = kept.get(db as Database);
  if (!byKey) kept.set(db as Database, (byKey = new Map()));
  const at = performance.now();
  const read = await readCredential(db, keyId);
  // Unknown key ids are not kept: a guessed one must not grow the cache.
  if (!read) return undefined;
  if (byKey.size >= MAX_KEPT) byKey.clear();
  const stored = Object.freeze({ ...read, cacheEpoch: stamp, permissions: Object.freeze([...read.permissions]) as Permission[], companies: Object.freeze([...read.companies]) as string[] });
  byKey.set(keyId, { stamp, at, stored });
  return stored;
}

/** cacheEpoch: the stamp found with the credential (findCredential). */
export type Verified = { credential: Credential; cacheEpoch: string } | { refusal: string };

/**
 * Checks an apiKey header value; the comparison time does not depend on the secret. Answers at once
 * (no promise) when the format refuses it or its credential is kept (PostgreSQL's cache): the
 * guard's hook then goes on in the same turn of the event loop.
 */
export function verifyApiKey(db: Queryable | Database, apiKey: string): Verified | Promise<Verified> {
  const dot = apiKey.indexOf('.');
  if (dot <= 0 || dot === apiKey.length - 1) return { refusal: 'apiKey must be <KEY_ID>.<SECRET>' };
  const keyId = apiKey.slice(0, dot);
  if (!keyId.startsWith(SANDBOX_KEY_PREFIX))
    return { refusal: `not a sandbox credential: sandbox key ids start with ${SANDBOX_KEY_PREFIX}; production credentials work only against production` };
  const secret = apiKey.slice(dot + 1);
  const hit = keptCredential(db, keyId);
  return hit ? checkSecret(hit, secret) : findCredential(db, keyId).then((stored) => checkSecret(stored, secret));
}

function checkSecret(stored: Stored | undefined, secret: string): Verified {
  const given = Buffer.from(sha256(secret), 'hex');
  const expected = Buffer.from(stored?.secretSha256 ?? sha256(''), 'hex');
  if (!stored || !timingSafeEqual(given, expected)) return { refusal: 'invalid apiKey' };
  return { credential: { keyId: stored.keyId, permissions: stored.permissions, companies: stored.companies }, cacheEpoch: stored.cacheEpoch };
}
