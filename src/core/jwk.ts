// A public JWK (RFC 7517, RSA members of RFC 7518 section 6.3.1) -> the PKCS#1 PEM that
// public-key.ts imports: one import path, one set of key rules (>= 2048 bits, odd exponent
// >= 3) and one cache for both forms. Kept small: it ships in dist/svc.js (2 KB budget).
import { binaryToBytes, toBase64 } from '../internal/base64.js';

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

/** The PEM and kid of a JWK, or what came instead (never key material). */
export type JwkReading = { pem: string; kid: unknown } | string;

const describe = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : `${value}`);

// DER, minimal as BoringSSL (Chromium) insists: a length in its shortest form, then a positive
// INTEGER with a zero byte in front only when the high bit is set.
const length = (n: number): number[] => (n < 128 ? [n] : n < 256 ? [129, n] : [130, n >> 8, n]);
const integer = (base64url: string): number[] => {
  const bytes = [...binaryToBytes(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')))];
  if (bytes[0]! > 127) bytes.unshift(0);
  return [2, ...length(bytes.length), ...bytes];
};

/** Reads a JWK object defensively: a getter that throws is a bad key, never a crash. */
export function jwkToPem(jwk: Record<string, unknown>): JwkReading {
  try {
    const { kty, alg, use, n, e, kid } = jwk;
    // `d` is required in every private RSA JWK (RFC 7518 6.3.2): such a key never belongs in a
    // page. A symmetric key (kty "oct") fails the kty check.
    const secret = 'd' in jwk;
    // 2732 characters of n are 16384 bits: more than any real key, and DER lengths stay in two bytes.
    if (secret || kty !== 'RSA' || alg !== 'RSA-OAEP-256' || use !== 'enc' || ![n, e].every((v) => typeof v == 'string' && /^[\w-]{2,2732}$/.test(v))) {
      return secret ? 'a private key (member d)' : `kty ${describe(kty)}, alg ${describe(alg)}, use ${describe(use)}, n ${typeof n}, e ${typeof e}`;
    }
    const body = [...integer(n as string), ...integer(e as string)];
    return { pem: `-----BEGIN RSA PUBLIC KEY-----${toBase64(Uint8Array.from([48, ...length(body.length), ...body]))}-----END RSA PUBLIC KEY-----`, kid };
  } catch {
    return 'a JWK whose members throw';
  }
}
