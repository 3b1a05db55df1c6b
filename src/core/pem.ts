// A PEM public key as DER (TOKEN-FORMAT.md "Keys"). Its own module: the card frame, whose keys
// come only as JWK from its JWKS, is built without it (vite.config.ts, src/frame/page/stand-ins.ts).
import { binaryToBytes } from '../internal/base64.js';

/**
 * The DER SubjectPublicKeyInfo of a PEM public key; PKCS#1 is wrapped. Null when it is not one.
 * The caller bounds the PEM (16 KiB), so every DER length fits in two bytes.
 */
export function pemToSpki(pem: string): Uint8Array<ArrayBuffer> | null {
  try {
    // Null when the PEM does not match (destructuring null throws) or atob refuses the base64.
    // Literal "\n" escapes (a PEM kept on one line in a .env file) count as line ends.
    const [, rsa, base64] = /^-----BEGIN (RSA )?PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END \1PUBLIC KEY-----$/.exec(pem.replace(/(?:\\r)?\\n/g, '\n').trim())!;
    const body = binaryToBytes(atob(base64!.replace(/\s/g, '')));
    if (!rsa) return body;
    // SEQUENCE { SEQUENCE { OID rsaEncryption, NULL }, BIT STRING { 0 unused bits, PKCS#1 } }.
    // Lengths in the two-byte form: DER for any RSA key >= 2048 bits (PKCS#1 >= 256 bytes);
    // a smaller key is refused either way. Uint8Array.set keeps the low byte of each number.
    const n = body.length;
    const spki = new Uint8Array(n + 24);
    spki.set([48, 130, (n + 20) >> 8, n + 20, 48, 13, 6, 9, 42, 134, 72, 134, 247, 13, 1, 1, 1, 5, 0, 3, 130, (n + 1) >> 8, n + 1, 0]);
    spki.set(body, 24);
    return spki;
  } catch {
    return null;
  }
}
