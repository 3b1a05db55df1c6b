// TOKEN-FORMAT.md in code, for encryptCard and the service-side decryptor alike: the keyId
// rule, the member sizes, the protected header, the AAD, and the token's assembly.
import type { EncryptedCard } from '../core/types.js';
import { toBase64, toBase64Url, utf8 } from './base64.js';

/** TOKEN-FORMAT.md "Keys": restricted so every language builds the same header bytes. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const DEFAULT_KEY_ID = 'v1';
export const CEK_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** Step 2: exactly these bytes, in this member order. */
export const protectedHeader = (keyId: string): string => `{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"${keyId}"}`;

/** Step 3: AAD = ASCII of BASE64URL(protected header), as in JWE. */
export const additionalData = (keyId: string): Uint8Array<ArrayBuffer> => utf8(toBase64Url(utf8(protectedHeader(keyId))));

/** "The token": splits WebCrypto's AES-GCM output (ciphertext || tag) into the token's members. */
export function assembleToken(keyId: string, encryptedKey: ArrayBuffer | Uint8Array, iv: Uint8Array, sealed: ArrayBuffer | Uint8Array): EncryptedCard {
  const bytes = new Uint8Array(sealed);
  return {
    keyId,
    encryptedKey: toBase64(new Uint8Array(encryptedKey)),
    iv: toBase64(iv),
    ciphertext: toBase64(bytes.subarray(0, -TAG_BYTES)),
    authTag: toBase64(bytes.subarray(-TAG_BYTES)),
  };
}
