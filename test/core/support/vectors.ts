// The shared vectors (../shared/vectors) and the private key that matches a public PEM.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const VECTORS_DIR = path.resolve(process.cwd(), '../shared/vectors');

export interface ValidationCase {
  name: string;
  input: Record<string, unknown>;
  errors: string[];
}

export const validationCases = (): ValidationCase[] =>
  JSON.parse(readFileSync(path.join(VECTORS_DIR, 'validation-vectors.json'), 'utf8')).cases;

export const readKey = (file: string): string => readFileSync(path.join(VECTORS_DIR, 'keys', file), 'utf8');

/** The private keys of the vectors, each with the DER of its public half (the key material). */
const privateKeys = readdirSync(path.join(VECTORS_DIR, 'keys'))
  .filter((file) => file.endsWith('-private.pem'))
  .map((file) => {
    const key = createPrivateKey(readKey(file));
    return { file, key, spki: createPublicKey(key).export({ type: 'spki', format: 'der' }) };
  });

/** OpenSSL wants 64-character lines: rebuild a PEM whose body is on one line or has CRLF. */
function canonicalPem(pem: string): string {
  const [, label, body] = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END/.exec(pem) ?? [];
  const lines = (body ?? '').replace(/\s/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The private key whose public half is `publicPem` (SPKI or PKCS#1), found by comparing key material. */
export function privateKeyFor(publicPem: string): KeyObject {
  const spki = createPublicKey(canonicalPem(publicPem)).export({ type: 'spki', format: 'der' });
  const match = privateKeys.find((candidate) => candidate.spki.equals(spki));
  if (!match) throw new Error('no private key in ../shared/vectors/keys matches this public key');
  return match.key;
}

export const PUBLIC_2048 = readKey('rsa-2048-public.pem');
export const PRIVATE_2048 = privateKeyFor(PUBLIC_2048);
