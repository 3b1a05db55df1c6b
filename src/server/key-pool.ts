// Node holds a lock on a CryptoKey for a whole RSA operation, so every decrypt with one key
// runs after the other, on one core. Each private key is therefore imported once per core
// and the copies are used in turn: decrypts with one keyId spread over the thread pool.
// The per-key constants of a decrypt are computed here once, not per token.
import { availableParallelism } from 'node:os';
import { additionalData } from '../internal/token-format.js';

/** One keyId's private key, ready for decrypts. */
export interface KeyPool {
  /** The copy to use for this decrypt (round-robin). */
  next(): CryptoKey;
  /** The modulus length in bytes: the only length of encryptedKey (TOKEN-FORMAT.md "The token"). */
  readonly modulusBytes: number;
  /** TOKEN-FORMAT.md step 3 for this keyId. */
  readonly aad: Uint8Array<ArrayBuffer>;
}

// One per core; more would only queue in libuv's pool (4 threads unless UV_THREADPOOL_SIZE says more).
const COPIES = Math.max(1, Math.min(16, availableParallelism()));
const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** The key's PKCS#8 bytes when it can be had: from the PEM, or exported from an extractable CryptoKey. */
async function pkcs8Of(key: CryptoKey, pkcs8?: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (pkcs8) return pkcs8;
  return key.extractable ? new Uint8Array(await crypto.subtle.exportKey('pkcs8', key)) : undefined;
}

/** A pool around an imported (and checked) key; a non-extractable CryptoKey given as such stays one copy. */
export async function keyPool(keyId: string, key: CryptoKey, pkcs8?: Uint8Array<ArrayBuffer>): Promise<KeyPool> {
  const bytes = await pkcs8Of(key, pkcs8);
  const more = bytes ? await Promise.all(Array.from({ length: COPIES - 1 }, () => crypto.subtle.importKey('pkcs8', bytes, ALGORITHM, false, ['decrypt']))) : [];
  const copies = [key, ...more];
  let turn = 0;
  return {
    next: () => copies[(turn = (turn + 1) % copies.length)]!,
    modulusBytes: Math.ceil((key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8),
    aad: additionalData(keyId),
  };
}
