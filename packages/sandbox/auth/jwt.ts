// The `token` header (part 5): a JWT the sandbox signs (HS256, jose) for one
// of its credentials, valid 14 days. The signing key is made once per
// database and kept in it, so tokens survive a restart. Permissions and
// companies are read from the credential at each call, not from the token.
// The lifetime is checked when a token is verified, not only set when one is
// issued: exp and iat required, exp at most 14 days after iat, iat not ahead
// of the sandbox's time by more than JWT_CLOCK_TOLERANCE_SECONDS.
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';
import type { Database, Queryable } from '../db/database.js';
import { findCredential, type Verified } from './credentials.js';

export const JWT_ISSUER = 'svc-card-sandbox';
export const JWT_LIFETIME_SECONDS = 14 * 24 * 3600;
/** How far a token's iat may be ahead of the sandbox's clock (and its exp behind it), for clocks apart. */
export const JWT_CLOCK_TOLERANCE_SECONDS = 60;

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

export async function verifyJwt(db: Queryable | Database, key: Uint8Array, token: string): Promise<Verified> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return { refusal: 'token must be a JWT (header.payload.signature)' };
  }
  if (issuer !== JWT_ISSUER) return { refusal: `not a sandbox credential: sandbox JWTs are issued by ${JWT_ISSUER}; production credentials work only against production` };
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: JWT_ISSUER, audience: JWT_ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'iat'], clockTolerance: JWT_CLOCK_TOLERANCE_SECONDS,
    });
    const lifetime = lifetimeRefusal(payload.iat!, payload.exp!, Date.now() / 1000);
    if (lifetime) return { refusal: lifetime };
    const stored = typeof payload.sub === 'string' ? await findCredential(db, payload.sub) : undefined;
    if (!stored) return { refusal: 'token names no sandbox credential' };
    return { credential: { keyId: stored.keyId, permissions: stored.permissions, companies: stored.companies }, cacheEpoch: stored.cacheEpoch };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { refusal: 'token expired (valid 14 days): issue a new one' };
    if (error instanceof errors.JWTClaimValidationFailed && error.reason === 'missing' && (error.claim === 'exp' || error.claim === 'iat'))
      return { refusal: `token has no ${error.claim} claim: sandbox tokens carry iat and exp (at most 14 days apart); issue a new one` };
    return { refusal: 'invalid token' };
  }
}

/** The lifetime rules jose leaves to the caller: exp at most 14 days after iat, iat not in the future. */
function lifetimeRefusal(iat: number, exp: number, now: number): string | undefined {
  if (iat > now + JWT_CLOCK_TOLERANCE_SECONDS) return `token issued in the future (iat more than ${JWT_CLOCK_TOLERANCE_SECONDS} s ahead of the sandbox's clock)`;
  if (exp - iat > JWT_LIFETIME_SECONDS) return 'token lives longer than 14 days (exp more than 14 days after iat): issue a new one';
  return undefined;
}
