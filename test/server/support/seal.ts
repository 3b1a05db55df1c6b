// Builds a token around arbitrary plaintext bytes (for payload fuzzing), with WebCrypto.
import { additionalData, IV_BYTES, assembleToken } from '../../../src/internal/token-format.js';
import type { EncryptedCard } from '../../../src/core/types.js';

export async function importPublic(pem: string): Promise<CryptoKey> {
  const body = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
  return crypto.subtle.importKey('spki', body, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function seal(plaintext: Uint8Array<ArrayBuffer>, publicKey: CryptoKey, keyId: string): Promise<EncryptedCard> {
  const cek = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(keyId), tagLength: 128 }, aes, plaintext);
  return assembleToken(keyId, await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, cek), iv, sealed);
}
