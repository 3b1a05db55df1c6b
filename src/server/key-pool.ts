// One keyId's private key, ready for decrypts: registered with the RSA worker threads
// (rsa-workers.ts), each of which holds its own clone of the KeyObject. The per-key constants of a
// decrypt are computed here once, not per token.
import { KeyObject } from 'node:crypto';
import { additionalData } from '../internal/token-format.js';
import { registerKey, unwrapInWorker } from './rsa-workers.js';

/** One keyId's private key, ready for decrypts. */
export interface KeyPool {
  /** RSA-OAEP (SHA-256) decrypt on a worker thread: the bytes, or null when OAEP failed. */
  unwrap(data: Uint8Array): Promise<Uint8Array | null>;
  /** The key, as node:crypto holds it (a non-extractable CryptoKey too). */
  readonly keyObject: KeyObject;
  /** The modulus length in bytes: the only length of encryptedKey (TOKEN-FORMAT.md "The token"). */
  readonly modulusBytes: number;
  /** TOKEN-FORMAT.md step 3 for this keyId. */
  readonly aad: Uint8Array<ArrayBuffer>;
}

/** A pool around an imported (and checked) key. */
export function keyPool(keyId: string, key: CryptoKey): KeyPool {
  const keyObject = KeyObject.from(key); // reads non-extractable CryptoKeys too
  const handle = registerKey(keyObject);
  return {
    unwrap: (data) => unwrapInWorker(handle, data),
    keyObject,
    modulusBytes: Math.ceil(keyObject.asymmetricKeyDetails!.modulusLength! / 8),
    aad: additionalData(keyId),
  };
}
