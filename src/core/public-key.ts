import { binaryToBytes } from '../internal/base64.js';
import { usableRsaKey } from '../internal/key-rules.js';

// PEM or JWK -> RSA-OAEP-256 CryptoKey (TOKEN-FORMAT.md "Keys"), cached: a checkout
// page encrypts with the same key every time, so the import is paid once.

/** A PEM, or the modulus and exponent of a JWK (base64url, as jwk.ts read them). */
export type KeyMaterial = string | { n: string; e: string };

const cache = new Map<string, Promise<CryptoKey | null>>();
// Tagged, so no PEM text can ever name a JWK's entry.
const cacheKey = (key: KeyMaterial): string => (typeof key == 'string' ? `p${key}` : `j${key.n}.${key.e}`);
const RSA_OAEP_256 = { name: 'RSA-OAEP', hash: 'SHA-256' };

/**
 * The DER SubjectPublicKeyInfo of a PEM public key; PKCS#1 is wrapped. Null when it is not one.
 * The caller bounds the PEM (16 KiB), so every DER length fits in two bytes.
 */
export function pemToSpki(pem: string): Uint8Array<ArrayBuffer> | null {
  try {
    // Null when the PEM does not match (destructuring null throws) or atob refuses the base64.
    // Literal "\n" escapes (a PEM kept on one line in a .env file) count as line ends.
    const [, rsa, base64] = /^-----BEGIN (RSA )?PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END \1PUBLIC KEY-----$/.exec(pem.replace(/(?:\\r)?\\n/g, '\n').trim())!;
    const body = binaryToBytes(atob(base64!.replace(/\s/g, '')));
    if (!rsa) return body;
    // SEQUENCE { SEQUENCE { OID rsaEncryption, NULL }, BIT STRING { 0 unused bits, PKCS#1 } }.
    // Lengths in the two-byte form: DER for any RSA key >= 2048 bits (PKCS#1 >= 256 bytes);
    // a smaller key is refused either way. Uint8Array.set keeps the low byte of each number.
    const n = body.length;
    const spki = new Uint8Array(n + 24);
    spki.set([48, 130, (n + 20) >> 8, n + 20, 48, 13, 6, 9, 42, 134, 72, 134, 247, 13, 1, 1, 1, 5, 0, 3, 130, (n + 1) >> 8, n + 1, 0]);
    spki.set(body, 24);
    return spki;
  } catch {
    return null;
  }
}

/**
 * The key, or null for anything but an RSA public key of at least 2048 bits with an odd exponent >= 3
 * (not RSA, truncated, ...). A JWK goes to WebCrypto's own JWK import: no DER is built here.
 */
async function importRsaKey(key: KeyMaterial): Promise<CryptoKey | null> {
  let importing: Promise<CryptoKey>;
  if (typeof key == 'object') importing = crypto.subtle.importKey('jwk', { kty: 'RSA', n: key.n, e: key.e }, RSA_OAEP_256, false, ['encrypt']);
  else {
    const spki = pemToSpki(key);
    if (!spki) return null;
    importing = crypto.subtle.importKey('spki', spki, RSA_OAEP_256, false, ['encrypt']);
  }
  return importing.then(
    (imported) => (usableRsaKey(imported.algorithm as RsaHashedKeyAlgorithm) ? imported : null),
    () => null,
  );
}

/** Drops a key that imported but that RSA refused to use (an even modulus, e > n): it is not kept. */
export function forgetPublicKey(key: KeyMaterial): void {
  cache.delete(cacheKey(key));
}

/** Resolves the key, or null when it is not an RSA public key of at least 2048 bits. */
export function importPublicKey(key: KeyMaterial): Promise<CryptoKey | null> {
  const id = cacheKey(key);
  const imported = cache.get(id) ?? importRsaKey(key);
  cache.delete(id); // re-inserted last: the first in the map is the least recently used
  cache.set(id, imported);
  if (cache.size > 4) cache.delete(cache.keys().next().value!);
  return imported;
}
