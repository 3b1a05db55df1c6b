// Token members -> bytes: RFC 4648 section 4 with padding, canonical only (the same rule as
// fromBase64 of the core), decoded by the runtime when it can: Uint8Array.fromBase64 (Node 25+,
// recent browsers) or Node's Buffer, several times faster than atob and a loop.
import { fromBase64 } from '../core/envelope.js';

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

type Native = { fromBase64?(text: string): Uint8Array<ArrayBuffer> };
type NodeBuffer = { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> };
const native = (Uint8Array as unknown as Native).fromBase64;
const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/** The bytes, or null for anything but canonical base64 (white space, base64url, bad padding, non-zero padding bits). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!STRICT_BASE64.test(text)) return null;
  // Canonical: the bits the padding leaves over in the last character are zero (4 for "==", 2 for "=").
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (padding && ALPHABET.indexOf(text[text.length - padding - 1]!) & (padding === 2 ? 15 : 3)) return null;
  if (native) return native(text);
  if (!buffer) return fromBase64(text);
  const bytes = buffer.from(text, 'base64'); // a view into Node's shared pool: WebCrypto copies what it is given
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
