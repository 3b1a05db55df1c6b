// PEM -> RSA-OAEP-256 CryptoKey (TOKEN-FORMAT.md "Keys"), cached: a checkout
// page encrypts with the same key every time, so the import is paid once.
import { fromBase64 } from './envelope.js';

const MIN_MODULUS_BITS = 2048;
const CACHE_SIZE = 4;
const cache = new Map<string, Promise<CryptoKey | null>>();

// SEQUENCE { OID 1.2.840.113549.1.1.1 rsaEncryption, NULL }
const RSA_ALGORITHM_ID = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

function der(tag: number, body: ArrayLike<number>): number[] {
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return [tag, ...length, ...Array.from(body)];
}

/** The DER SubjectPublicKeyInfo of a PEM public key; PKCS#1 is wrapped. Null when it is not one. */
export function pemToSpki(pem: string): Uint8Array<ArrayBuffer> | null {
  const match = /^-----BEGIN (RSA )?PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END \1PUBLIC KEY-----$/.exec(pem.trim());
  const body = match && fromBase64(match[2]!.replace(/\s/g, ''));
  if (!body || body.length > 0xffff) return null;
  return match[1] ? new Uint8Array(der(0x30, [...RSA_ALGORITHM_ID, ...der(0x03, [0, ...body])])) : body;
}

async function importRsaKey(pem: string): Promise<CryptoKey | null> {
  const spki = pemToSpki(pem);
  if (!spki) return null;
  try {
    const key = await crypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey']);
    return (key.algorithm as RsaHashedKeyAlgorithm).modulusLength >= MIN_MODULUS_BITS ? key : null;
  } catch {
    return null; // not RSA, truncated, or otherwise not a public key
  }
}

/** Resolves the key, or null when the PEM is not an RSA public key of at least 2048 bits. */
export function importPublicKey(pem: string): Promise<CryptoKey | null> {
  let key = cache.get(pem);
  if (key) {
    cache.delete(pem); // re-inserted below: the least recently used goes first
  } else {
    key = importRsaKey(pem);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(pem, key);
  return key;
}
