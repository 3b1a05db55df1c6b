// A public JWK (RFC 7517, RSA members of RFC 7518 section 6.3.1), read defensively: its n and
// e go to WebCrypto's own JWK import (public-key.ts), under the same key rules (>= 2048 bits,
// odd exponent >= 3) and the same cache as a PEM. Kept small: it ships in dist/svc.js.

/**
 * An RSA public key as a JWKS (RFC 7517) publishes it, e.g. an entry of `publicJwks` on the
 * service side. `alg` and `use` are required: a key published for signatures must never
 * encrypt a card.
 *
 * @example
 * { kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', kid: 'v1', n: '0vx7ag…', e: 'AQAB' }
 */
export interface PublicJwk {
  kty: 'RSA';
  alg: 'RSA-OAEP-256';
  use: 'enc';
  /** The keyId the token is made for; `keyId` may then be left out. */
  kid?: string;
  /** Modulus, base64url without padding. */
  n: string;
  /** Public exponent, base64url without padding. */
  e: string;
}

/** The modulus, exponent and kid of a JWK, or what came instead (never key material). */
export type JwkReading = { n: string; e: string; kid: unknown } | string;

const describe = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : `${value}`);

/** Reads a JWK object defensively: a getter that throws is a bad key, never a crash. */
export function readJwk(jwk: Record<string, unknown>): JwkReading {
  try {
    const { kty, alg, use, n, e, kid } = jwk;
    // `d` is required in every private RSA JWK (RFC 7518 6.3.2): such a key never belongs in a
    // page. A symmetric key (kty "oct") fails the kty check.
    const secret = 'd' in jwk;
    // 2732 characters of n are 16384 bits: more than any real key.
    if (secret || kty !== 'RSA' || alg !== 'RSA-OAEP-256' || use !== 'enc' || ![n, e].every((v) => typeof v == 'string' && /^[\w-]{2,2732}$/.test(v))) {
      return secret ? 'a private key (member d)' : `kty ${describe(kty)}, alg ${describe(alg)}, use ${describe(use)}, n ${typeof n}, e ${typeof e}`;
    }
    return { n: n as string, e: e as string, kid };
  } catch {
    return 'a JWK whose members throw';
  }
}
