// The byte-level parts of the token shared by encryptCard and the service-side
// decryptor (TOKEN-FORMAT.md steps 2-3 and "The token").
import type { EncryptedCard } from './types.js';

/** TOKEN-FORMAT.md "Keys": restricted so every language builds the same header bytes. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const DEFAULT_KEY_ID = 'v1';
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

/** Step 2: exactly these bytes, in this member order. */
export const protectedHeader = (keyId: string): string =>
  `{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"${keyId}"}`;

/** Step 3: AAD = ASCII of BASE64URL(protected header), as in JWE. */
export const additionalData = (keyId: string): Uint8Array<ArrayBuffer> => utf8(toBase64Url(utf8(protectedHeader(keyId))));

// Uint8Array.prototype.toBase64 (Chromium 140, Firefox 133, Safari 18.2) where the engine has it:
// several times faster than btoa over a binary string, the same text.
type Native = { toBase64?(): string };

function btoaBytes(bytes: Uint8Array): string {
  let binary = '';
  // fromCharCode.apply is the fastest way in every engine; in chunks, as arguments are bounded.
  for (let i = 0; i < bytes.length; i += 32768) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768) as never);
  return btoa(binary);
}

export const toBase64 = (bytes: Uint8Array): string => (bytes as Native).toBase64?.() ?? btoaBytes(bytes);

/** RFC 4648 section 5 without padding: the base64 text with - and _ for + and /. */
export const toBase64Url = (bytes: Uint8Array): string => toBase64(bytes).split('=')[0]!.replaceAll('+', '-').replaceAll('/', '_');

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * RFC 4648 section 4 with padding, canonical only (section 3.5: the padding bits are zero, so
 * `AB==` is refused for `AA==`): one spelling per token. Anything else (white space, base64url,
 * bad padding) is null. Used by the service side only.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!STRICT_BASE64.test(text)) return null;
  const bytes = binaryToBytes(atob(text));
  return toBase64(bytes) === text ? bytes : null;
}

/** The bytes of atob's output. */
export function binaryToBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Splits WebCrypto's AES-GCM output (ciphertext || tag) into the token's members. */
export function assembleToken(keyId: string, encryptedKey: ArrayBuffer, iv: Uint8Array, sealed: ArrayBuffer): EncryptedCard {
  const bytes = new Uint8Array(sealed);
  return {
    keyId,
    encryptedKey: toBase64(new Uint8Array(encryptedKey)),
    iv: toBase64(iv),
    ciphertext: toBase64(bytes.subarray(0, -TAG_BYTES)),
    authTag: toBase64(bytes.subarray(-TAG_BYTES)),
  };
}
