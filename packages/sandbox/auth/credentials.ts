// Sandbox credentials (part 5): apiKey `<KEY_ID>.<SECRET>`. Only the SHA-256
// of the secret is stored: issued secrets are 32 random bytes, so a slow hash
// adds nothing but latency on every call. Sandbox key ids start with `sbx_`;
// any other shape is a production credential (rule 3) and is told so.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.js';
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
  return { keyId, secret, apiKey: `${keyId}.${secret}`, permissions: options.permissions, companies: options.companies };
}

interface Row { key_id: string; secret_sha256: string; permissions: Permission[]; companies: string[]; cache_epoch: string }
const toCredential = (row: Row): Credential => ({ keyId: row.key_id, permissions: row.permissions, companies: row.companies });

/**
 * The credential, never cached (a key rotated or removed is refused by the next request), and in the
 * same statement the cache epoch (db/migrations.ts) the request's cached company reads are checked against.
 */
export async function findCredential(db: Queryable, keyId: string): Promise<(Credential & { secretSha256: string; cacheEpoch: string }) | undefined> {
  const [row] = await db.query<Row>('SELECT c.*, (SELECT version::text FROM cache_epoch) AS cache_epoch FROM credentials c WHERE key_id = $1', [keyId]);
  return row && { ...toCredential(row), secretSha256: row.secret_sha256, cacheEpoch: row.cache_epoch };
}

/** cacheEpoch: read with the credential (findCredential). */
export type Verified = { credential: Credential; cacheEpoch: string } | { refusal: string };

/** Checks an apiKey header value; the comparison time does not depend on the secret. */
export async function verifyApiKey(db: Queryable, apiKey: string): Promise<Verified> {
  const dot = apiKey.indexOf('.');
  if (dot <= 0 || dot === apiKey.length - 1) return { refusal: 'apiKey must be <KEY_ID>.<SECRET>' };
  const keyId = apiKey.slice(0, dot);
  if (!keyId.startsWith(SANDBOX_KEY_PREFIX))
    return { refusal: `not a sandbox credential: sandbox key ids start with ${SANDBOX_KEY_PREFIX}; production credentials work only against production` };
  const stored = await findCredential(db, keyId);
  const given = Buffer.from(sha256(apiKey.slice(dot + 1)), 'hex');
  const expected = Buffer.from(stored?.secretSha256 ?? sha256(''), 'hex');
  if (!stored || !timingSafeEqual(given, expected)) return { refusal: 'invalid apiKey' };
  return { credential: { keyId: stored.keyId, permissions: stored.permissions, companies: stored.companies }, cacheEpoch: stored.cacheEpoch };
}
