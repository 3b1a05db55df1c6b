// A key pair for sandbox and demo use: RSA-OAEP with SHA-256, the public half for the
// page (SPKI PEM) and for the card frame's JWKS (JWK), the private half for the service (PKCS#8 PEM).
import type { PublicJwk } from '../core/index.js';
import { toBase64 } from '../internal/base64.js';
import { KEY_ID_PATTERN } from '../internal/token-format.js';
import { InvalidOptionError } from './errors.js';

/** Modulus sizes offered. 3072 is the default: NIST SP 800-57 for use beyond 2030. */
export type KeyBits = 2048 | 3072 | 4096;

/** A generated key pair and the keyId it is for. */
export interface GeneratedKeyPair {
  keyId: string;
  bits: KeyBits;
  /** `-----BEGIN PUBLIC KEY-----` (SPKI): give it to `encryptCard` with `keyId`. */
  publicKeyPem: string;
  /** The public half as a JWK with `kid`, `alg` and `use`: an entry of the frame's JWKS. */
  publicJwk: PublicJwk & { kid: string };
  /** `-----BEGIN PRIVATE KEY-----` (PKCS#8): keep it on the service, give it to `createDecryptor`. */
  privateKeyPem: string;
}

const KEY_BITS: readonly number[] = [2048, 3072, 4096];

function pem(label: string, der: ArrayBuffer): string {
  const lines = toBase64(new Uint8Array(der)).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * Generates an RSA key pair for the card token.
 *
 * @example
 * const { publicKeyPem, privateKeyPem } = await generateKeyPair({ keyId: '2027-01', bits: 3072 });
 */
export async function generateKeyPair(options: { keyId?: string; bits?: KeyBits } = {}): Promise<GeneratedKeyPair> {
  if (options === null || typeof options !== 'object') throw new InvalidOptionError('options', 'expected an object like { keyId, bits }');
  const { keyId = 'v1', bits = 3072 } = options;
  if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) throw new InvalidOptionError('keyId', 'expected 1 to 64 of A-Z a-z 0-9 . _ -');
  if (!KEY_BITS.includes(bits)) throw new InvalidOptionError('bits', `expected 2048, 3072 or 4096, got ${String(bits)}`);
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const [spki, pkcs8, jwk] = await Promise.all([
    crypto.subtle.exportKey('spki', pair.publicKey),
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
    crypto.subtle.exportKey('jwk', pair.publicKey),
  ]);
  const publicJwk = { kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', kid: keyId, n: jwk.n!, e: jwk.e! } as const;
  return { keyId, bits, publicKeyPem: pem('PUBLIC KEY', spki), publicJwk, privateKeyPem: pem('PRIVATE KEY', pkcs8) };
}
