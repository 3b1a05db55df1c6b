// RSA-OAEP-256 unwrap + AES-256-GCM decryption (TOKEN-FORMAT.md steps 3-6, reversed).
// One path for every failure: when the unwrap fails, or yields a key of the wrong size,
// a random CEK goes through AES-GCM anyway and the same error comes out (RFC 7516
// section 11.5, as jose does), so neither the error nor the timing is an oracle.
import { undecryptable } from './errors.js';
import type { KeyPool } from './key-pool.js';
import type { ParsedToken } from './parse-token.js';

const CEK_BYTES = 32;

function joined(ciphertext: Uint8Array, authTag: Uint8Array): Uint8Array<ArrayBuffer> {
  const sealed = new Uint8Array(ciphertext.length + authTag.length);
  sealed.set(ciphertext);
  sealed.set(authTag, ciphertext.length);
  return sealed;
}

async function unwrapOrRandom(key: KeyPool, encryptedKey: Uint8Array<ArrayBuffer>): Promise<{ cek: Uint8Array<ArrayBuffer>; unwrapped: boolean }> {
  // The modulus length in bytes, no other (TOKEN-FORMAT.md; RFC 8017 7.1.2 step 1.b): OpenSSL
  // also takes a shorter text (leading zero dropped), a second text of one token. Any other
  // length goes through RSA all the same, as zeros that cannot decode: one path for every failure.
  const rightLength = encryptedKey.length === key.modulusBytes;
  try {
    const cek = new Uint8Array(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, key.next(), rightLength ? encryptedKey : new Uint8Array(key.modulusBytes)));
    if (rightLength && cek.length === CEK_BYTES) return { cek, unwrapped: true };
  } catch {
    // fall through: same path as a wrong-size key
  }
  return { cek: crypto.getRandomValues(new Uint8Array(CEK_BYTES)), unwrapped: false };
}

/** The plaintext bytes, or TOKEN_UNDECRYPTABLE for any failure whatsoever. */
export async function openEnvelope(token: ParsedToken, key: KeyPool): Promise<Uint8Array<ArrayBuffer>> {
  const { cek, unwrapped } = await unwrapOrRandom(key, token.encryptedKey);
  let plaintext: ArrayBuffer;
  try {
    const aesKey = await crypto.subtle.importKey('raw', cek, { name: 'AES-GCM' }, false, ['decrypt']);
    plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: token.iv, additionalData: key.aad, tagLength: 128 },
      aesKey,
      joined(token.ciphertext, token.authTag),
    );
  } catch {
    throw undecryptable();
  }
  if (!unwrapped) throw undecryptable(); // a random CEK cannot authenticate; kept for clarity
  return new Uint8Array(plaintext);
}
