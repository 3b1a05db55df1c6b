import { usableRsaKey } from '../internal/key-rules.js';
import { pemToSpki } from './pem.js';

// PEM or JWK -> RSA-OAEP-256 CryptoKey (TOKEN-FORMAT.md "Keys"), cached: a checkout
// page encrypts with the same key every time, so the import is paid once.

/** A PEM, or the modulus and exponent of a JWK (base64url, as jwk.ts read them). */
export type KeyMaterial = string | { n: string; e: string };

const cache = new Map<string, Promise<CryptoKey | null>>();
// Tagged, so no PEM text can ever name a JWK's entry.
const cacheKey = (key: KeyMaterial): string => (typeof key == 'string' ? `p${key}` : `j${key.n}.${key.e}`);
const RSA_OAEP_256 = { name: 'RSA-OAEP', hash: 'SHA-256' };

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
