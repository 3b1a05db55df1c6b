// Base64 (RFC 4648) for the browser and the service alike: no Buffer, no node: import.
// The service decodes token members faster with Node's Buffer (src/server/base64.ts), under
// the same canonical rule as fromBase64 here.

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

// Uint8Array.prototype.toBase64 (Chromium 140, Firefox 133, Safari 18.2) where the engine has it:
// several times faster than btoa over a binary string, the same text.
type Native = { toBase64?(): string };

/**
 * RFC 4648 section 4, with padding. At most 65,535 bytes where the engine lacks toBase64 (engines
 * bound a call's arguments): every caller passes a few KB at most (a token member, a key, a JWE
 * of at most 20,000 characters), so no chunking loop ships in dist/svc.js.
 */
export const toBase64 = (bytes: Uint8Array): string => (bytes as Native).toBase64?.() ?? btoa(String.fromCharCode(...bytes));

/** RFC 4648 section 5 without padding: the base64 text with - and _ for + and /. */
export const toBase64Url = (bytes: Uint8Array): string => toBase64(bytes).split('=')[0]!.replaceAll('+', '-').replaceAll('/', '_');

/** The bytes of atob's output. */
export function binaryToBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * RFC 4648 section 4 with padding, canonical only (section 3.5: the padding bits are zero, so
 * `AB==` is refused for `AA==`): one spelling per token. Anything else (white space, base64url,
 * bad padding) is null.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!STRICT_BASE64.test(text)) return null;
  const bytes = binaryToBytes(atob(text));
  return toBase64(bytes) === text ? bytes : null;
}

/** RFC 4648 section 5 without padding, canonical only; null for anything else. */
export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> | null =>
  /^[A-Za-z0-9_-]*$/.test(text) ? fromBase64(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4)) : null;
