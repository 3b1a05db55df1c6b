// Node holds a lock on a CryptoKey for a whole RSA operation, so every decrypt with one key
// runs after the other, on one core. Each private key is therefore imported once per RSA job
// the thread pool may run at once (rsa-jobs.ts), and each job takes a copy no other job holds:
// no pool thread ever waits on a key's lock while another copy sits idle.
// The per-key constants of a decrypt are computed here once, not per token.
import { additionalData } from '../internal/token-format.js';
import { inRsaTurn, RSA_JOBS_AT_ONCE } from './rsa-jobs.js';

/** One keyId's private key, ready for decrypts. */
export interface KeyPool {
  /** RSA-OAEP (SHA-256) decrypt in the thread pool, within the process's bound, with a free copy. */
  unwrap(data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  /** The key as configured (the first copy). */
  readonly key: CryptoKey;
  /** The modulus length in bytes: the only length of encryptedKey (TOKEN-FORMAT.md "The token"). */
  readonly modulusBytes: number;
  /** TOKEN-FORMAT.md step 3 for this keyId. */
  readonly aad: Uint8Array<ArrayBuffer>;
}

const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const DECRYPT = { name: 'RSA-OAEP' } as const;

/** The key's PKCS#8 bytes when it can be had: from the PEM, or exported from an extractable CryptoKey. */
async function pkcs8Of(key: CryptoKey, pkcs8?: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (pkcs8) return pkcs8;
  return key.extractable ? new Uint8Array(await crypto.subtle.exportKey('pkcs8', key)) : undefined;
}

/** A pool around an imported (and checked) key; a non-extractable CryptoKey given as such stays one copy. */
export async function keyPool(keyId: string, key: CryptoKey, pkcs8?: Uint8Array<ArrayBuffer>): Promise<KeyPool> {
  const bytes = await pkcs8Of(key, pkcs8);
  const more = bytes ? await Promise.all(Array.from({ length: RSA_JOBS_AT_ONCE - 1 }, () => crypto.subtle.importKey('pkcs8', bytes, ALGORITHM, false, ['decrypt']))) : [];
  const copies = [key, ...more];
  const jobs = copies.map(() => 0); // RSA jobs running on each copy
  return {
    unwrap: (data) =>
      inRsaTurn(() => {
        // A copy no job holds; there always is one, as copies >= RSA_JOBS_AT_ONCE, except for a
        // non-extractable CryptoKey, the only copy, which jobs then share (and its lock).
        const i = Math.max(0, jobs.indexOf(0));
        jobs[i]!++;
        const result = crypto.subtle.decrypt(DECRYPT, copies[i]!, data);
        const release = () => void jobs[i]!--; // before the turn passes on (registered first)
        result.then(release, release);
        return result;
      }),
    key,
    modulusBytes: Math.ceil((key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8),
    aad: additionalData(keyId),
  };
}
