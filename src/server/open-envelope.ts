// RSA-OAEP-256 unwrap + AES-256-GCM decryption (TOKEN-FORMAT.md steps 3-6, reversed).
// One path for every failure: when the unwrap fails, or yields a key of the wrong size,
// a random CEK goes through AES-GCM anyway and the same error comes out (RFC 7516
// section 11.5, as jose does): the error is no oracle, and the timing differs only by what
// Node spends building OpenSSL's error for a failed unwrap (about 35 µs, README).
//
// How the work is spread (issue 14): the RSA unwrap (about 0.7 ms at 2048 bits) runs on a
// worker thread, off the event loop (rsa-workers.ts). AES-GCM over the ~150-byte plaintext
// runs synchronously on the event loop with node:crypto: about 10 µs, less than a second trip
// to a worker. The default import is read at each call, so a test can spy on the real
// createDecipheriv.
import nodeCrypto from 'node:crypto';
import { CEK_BYTES } from '../internal/token-format.js';
import { undecryptable } from './errors.js';
import type { KeyPool } from './key-pool.js';
import type { ParsedToken } from './parse-token.js';

async function unwrapOrRandom(key: KeyPool, encryptedKey: Uint8Array<ArrayBuffer>): Promise<{ cek: Uint8Array; unwrapped: boolean }> {
  // The modulus length in bytes, no other (TOKEN-FORMAT.md; RFC 8017 7.1.2 step 1.b): OpenSSL
  // also takes a shorter text (leading zero dropped), a second text of one token. Any other
  // length goes through RSA all the same, as zeros that cannot decode: one path for every failure.
  const rightLength = encryptedKey.length === key.modulusBytes;
  // A failed unwrap is null, never a throw; only a stopped worker rejects (DecryptorUnavailableError:
  // the service's fault, not the token's, so it is not turned into TOKEN_UNDECRYPTABLE).
  const cek = await key.unwrap(rightLength ? encryptedKey : new Uint8Array(key.modulusBytes));
  if (cek && rightLength && cek.length === CEK_BYTES) return { cek, unwrapped: true };
  cek?.fill(0);
  return { cek: crypto.getRandomValues(new Uint8Array(CEK_BYTES)), unwrapped: false };
}

/** AES-256-GCM with a 128-bit tag; null when the tag does not verify (nothing of the text is returned then). */
function openSealed(cek: Uint8Array, token: ParsedToken, aad: Uint8Array): Uint8Array | null {
  try {
    const decipher = nodeCrypto.createDecipheriv('aes-256-gcm', cek, token.iv, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(token.authTag);
    const text = decipher.update(token.ciphertext);
    decipher.final(); // throws unless the tag verifies: only then is `text` used
    return text;
  } catch {
    return null;
  } finally {
    cek.fill(0); // the key is not left in the heap
  }
}

/** The plaintext bytes, or TOKEN_UNDECRYPTABLE for any failure whatsoever. */
export async function openEnvelope(token: ParsedToken, key: KeyPool): Promise<Uint8Array> {
  const { cek, unwrapped } = await unwrapOrRandom(key, token.encryptedKey);
  const plaintext = openSealed(cek, token, key.aad);
  if (!plaintext || !unwrapped) throw undecryptable(); // a random CEK cannot authenticate; kept for clarity
  return plaintext;
}
