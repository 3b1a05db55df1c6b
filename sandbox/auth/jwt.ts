// The `token` header (part 5): a JWT the sandbox signs (HS256, jose) for one
// of its credentials, valid 14 days. The signing key is made once per
// database and kept in it, so tokens survive a restart. Permissions and
// companies are read from the credential at each call, not from the token.
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';
import type { Queryable } from '../db/database.js';
import { findCredential, type Verified } from './credentials.js';

export const JWT_ISSUER = 'svc-card-sandbox';
export const JWT_LIFETIME_SECONDS = 14 * 24 * 3600;

/** The database's signing key, created on first use. */
export async function loadJwtKey(db: Queryable): Promise<Uint8Array> {
  await db.query("INSERT INTO settings (key, value) VALUES ('jwt_hs256_key', $1) ON CONFLICT (key) DO NOTHING", [randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'jwt_hs256_key'");
  return Buffer.from(row!.value, 'base64url');
}

export async function issueJwt(key: Uint8Array, keyId: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(JWT_ISSUER).setAudience(JWT_ISSUER)
    .setSubject(keyId).setIssuedAt(issuedAt).setExpirationTime(issuedAt + JWT_LIFETIME_SECONDS).sign(key);
}

export async function verifyJwt(db: Queryable, key: Uint8Array, token: string): Promise<Verified> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return { refusal: 'token must be a JWT (header.payload.signature)' };
  }
  if (issuer !== JWT_ISSUER) return { refusal: `not a sandbox credential: sandbox JWTs are issued by ${JWT_ISSUER}; production credentials work only against production` };
  try {
    const { payload } = await jwtVerify(token, key, { issuer: JWT_ISSUER, audience: JWT_ISSUER, algorithms: ['HS256'] });
    const stored = typeof payload.sub === 'string' ? await findCredential(db, payload.sub) : undefined;
    if (!stored) return { refusal: 'token names no sandbox credential' };
    return { credential: { keyId: stored.keyId, permissions: stored.permissions, companies: stored.companies } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { refusal: 'token expired (valid 14 days): issue a new one' };
    return { refusal: 'invalid token' };
  }
}
