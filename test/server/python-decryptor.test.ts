// Issue 14 defect 10: the documented Python decryptor (docs/other-languages.md) and
// createDecryptor apply one table. The Python code is taken from that document itself and run with Debian's python3 + python3-cryptography
// (installed by scripts/ensure-system.mjs) on the shared vectors and on the cases where they
// disagreed: a UTF-8 BOM before the JSON (refused: RFC 8259 section 8.1, one token one text),
// a holderName of only white space as ECMAScript's trim() knows it (U+00A0, U+3000, U+FEFF, ...:
// refused, as the browser trims it to nothing), JSON extensions (NaN), non-canonical base64, and
// encryptedKey lengths.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDecryptor, TokenError } from '../../src/server/index.js';
import { utf8 } from '../../src/internal/base64.js';
import type { EncryptedCard } from '../../src/core/types.js';
import { decryptVectorKeys, decryptVectors, readSharedKey } from '../../test-support/shared-vectors.mjs';
import { importPublic, seal } from './support/seal.js';

const root = resolve(import.meta.dirname, '../..');
const NOW = 1_800_000_005;
const keys = decryptVectorKeys();
const publicKey = await importPublic(readSharedKey('rsa-2048-public.pem'));

interface Case {
  name: string;
  token: unknown;
  now: number;
  expected: string;
}

const fields = (holderName: string, extra = '') =>
  `{"holderName":${JSON.stringify(holderName)},"cardNumber":"4111111111111111","cardExpiration":"03/2030","cardCvv":"123","iat":1800000000,"jti":"z2_GAjlffC33lGVbk--fmA"${extra}}`;
const sealed = (text: string | Uint8Array<ArrayBuffer>) => seal(typeof text === 'string' ? utf8(text) : text, publicKey, 'v1');
const withBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The same bytes, spelt with a non-zero padding bit: base64 that lenient decoders take. */
function nonCanonical(text: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const at = text.indexOf('=') - 1;
  return text.slice(0, at) + alphabet[alphabet.indexOf(text[at]!) + 1] + text.slice(at + 1);
}

async function cases(): Promise<Case[]> {
  const valid = await sealed(fields('MARIA DA SILVA'));
  const at = (name: string, token: EncryptedCard | Record<string, unknown>, expected: string): Case => ({ name, token, now: NOW, expected });
  const holders: [string, string, string][] = [
    ['U+00A0 only', '\u00a0', 'TOKEN_INVALID_PAYLOAD'],
    ['U+3000 only', '\u3000', 'TOKEN_INVALID_PAYLOAD'],
    ['U+FEFF only', '\ufeff', 'TOKEN_INVALID_PAYLOAD'],
    ['mixed trim() white space', ' \t\u00a0\u2028\u2029\u202f\u205f\u1680\u2000\u200a\u3000\ufeff\v\f', 'TOKEN_INVALID_PAYLOAD'],
    ['U+0085 (not white space for trim())', '\u0085', 'OK'],
    ['U+001C (not white space for trim())', '\u001c', 'OK'],
    ['U+180E (not white space since ES2016)', '\u180e', 'OK'],
    ['a letter inside U+00A0', '\u00a0A\u00a0', 'OK'],
  ];
  const vectorCases = decryptVectors().vectors.map((v) => ({ name: `vector ${v.name}`, token: v.token, now: v.now, expected: 'error' in v.expect ? (v.expect.error as string) : 'OK' }));
  return [
    ...vectorCases,
    at('valid', valid, 'OK'),
    at('a UTF-8 BOM before the JSON', await sealed(withBom(fields('MARIA DA SILVA'))), 'TOKEN_INVALID_PAYLOAD'),
    ...(await Promise.all(holders.map(async ([name, holder, expected]) => at(`holderName ${name}`, await sealed(fields(holder)), expected)))),
    at('an extra member NaN (not JSON)', await sealed(fields('MARIA DA SILVA', ',"x":NaN')), 'TOKEN_INVALID_PAYLOAD'),
    at('an extra member Infinity (not JSON)', await sealed(fields('MARIA DA SILVA', ',"x":-Infinity')), 'TOKEN_INVALID_PAYLOAD'),
    at('authTag with a non-zero padding bit', { ...valid, authTag: nonCanonical(valid.authTag) }, 'TOKEN_MALFORMED'),
    at('ciphertext with a non-zero padding bit', { ...valid, ciphertext: nonCanonical(valid.ciphertext.endsWith('=') ? valid.ciphertext : b64(Buffer.from(valid.ciphertext, 'base64').subarray(1))) }, 'TOKEN_MALFORMED'),
    at('encryptedKey one byte short', { ...valid, encryptedKey: b64(Buffer.from(valid.encryptedKey, 'base64').subarray(1)) }, 'TOKEN_UNDECRYPTABLE'),
    at('encryptedKey one byte long', { ...valid, encryptedKey: b64(Buffer.concat([Buffer.alloc(1), Buffer.from(valid.encryptedKey, 'base64')])) }, 'TOKEN_UNDECRYPTABLE'),
    at('encryptedKey over the 2732-character cap', { ...valid, encryptedKey: b64(Buffer.alloc(2100)) }, 'TOKEN_MALFORMED'),
  ];
}

async function nodeOutcome(token: unknown, now: number): Promise<string> {
  const decryptor = await createDecryptor({ keys, now: () => now * 1000 });
  try {
    await decryptor.decrypt(token);
    return 'OK';
  } catch (error) {
    if (error instanceof TokenError) return error.code;
    throw error;
  }
}

describe("README's Python decryptor and createDecryptor", async () => {
  const all = await cases();
  // Debian's interpreter and package (python3-cryptography), as CI installs them.
  const python = JSON.parse(
    execFileSync('/usr/bin/python3', [resolve(root, 'test/server/support/documented_python.py'), resolve(root, 'docs/other-languages.md')], {
      input: JSON.stringify({ keys, cases: all.map(({ token, now }) => ({ token, now })) }),
      encoding: 'utf8',
    }),
  ) as string[];

  it.each(all.map((c, i) => [c.name, c, i] as const))('%s: both give the same answer, the decided one', async (_name, c, i) => {
    expect({ node: await nodeOutcome(c.token, c.now), python: python[i] }).toEqual({ node: c.expected, python: c.expected });
  });
});
