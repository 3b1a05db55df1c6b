// The private key (from the shared vectors) that matches a public PEM, and the 2048-bit pair.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readSharedKey, sharedVectorsDir } from '../../../test-support/shared-vectors.mjs';

/** The private keys of the vectors, each with the DER of its public half (the key material). */
const privateKeys = readdirSync(join(sharedVectorsDir, 'keys'))
  .filter((file) => file.endsWith('-private.pem'))
  .map((file) => {
    const key = createPrivateKey(readSharedKey(file));
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
  if (!match) throw new Error('no private key in test/vectors/keys matches this public key');
  return match.key;
}

export const PUBLIC_2048 = readSharedKey('rsa-2048-public.pem');
export const PRIVATE_2048 = privateKeyFor(PUBLIC_2048);
