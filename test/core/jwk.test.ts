// encryptCard with a public JWK (issue 9): the token decrypts with jose and node:crypto, and a
// JWK is held to the PEM's key rules, each failure named in the message.
import fc from 'fast-check';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { decryptWithJose, decryptWithNode, type Token } from './support/decrypt.js';
import { expectPlaintext, VALID_CARD } from './support/plaintext.js';
import { PRIVATE_2048, PUBLIC_2048, privateKeyFor } from './support/private-keys.js';

/** The public JWK of a PEM as node:crypto exports it, with the members a JWKS entry carries. */
const jwkOf = (key: string | KeyObject, kid = 'v1') =>
  ({ ...(typeof key === 'string' ? createPublicKey(key) : key).export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid });
const JWK = jwkOf(PUBLIC_2048);

const messageFor = async (publicKey: unknown, keyId?: string) => {
  const result = await encryptAnything({ ...VALID_CARD, publicKey, keyId });
  expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
  return result.errors[0]!.message;
};

describe('encryptCard with a JWK', () => {
  it.each([2048, 3072, 4096])('makes a token that jose and node:crypto decrypt (RSA-%i)', async (bits) => {
    const publicPem = bits === 2048 ? PUBLIC_2048 : readSharedKey(`rsa-${bits}-public.pem`);
    const privateKey = bits === 2048 ? PRIVATE_2048 : privateKeyFor(publicPem);
    const result = await encryptAnything({ ...VALID_CARD, publicKey: jwkOf(publicPem, `k${bits}`) });
    expect(result.errors).toEqual([]);
    const token = result.encryptedCard as Token;
    expect(token.keyId).toBe(`k${bits}`); // the kid, as no keyId was given
    expectPlaintext(decryptWithNode(token, privateKey), VALID_CARD);
    const { payload, header } = await decryptWithJose(token, privateKey);
    expectPlaintext(payload, VALID_CARD);
    expect(header).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: `k${bits}` });
  });

  it('takes keyId when it matches the kid, or when the JWK has none', async () => {
    expect((await encryptAnything({ ...VALID_CARD, publicKey: JWK, keyId: 'v1' })).encryptedCard?.keyId).toBe('v1');
    const { kid: _, ...noKid } = JWK;
    expect((await encryptAnything({ ...VALID_CARD, publicKey: noKid, keyId: 'rot-2' })).encryptedCard?.keyId).toBe('rot-2');
    expect((await encryptAnything({ ...VALID_CARD, publicKey: noKid })).encryptedCard?.keyId).toBe('v1');
  });

  it('refuses a keyId other than the kid, naming keyId', async () => {
    const result = await encryptAnything({ ...VALID_CARD, publicKey: JWK, keyId: 'v2' });
    expect(result.errors).toEqual([{ code: 'INVALID_PUBLIC_KEY', field: 'keyId', message: "keyId: expected the JWK's kid, got a string of length 2" }]);
  });

  it('names each rule a JWK breaks', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const even = { ...JWK, e: Buffer.from([1, 0, 0]).toString('base64url') };
    const expected = 'publicKey: expected a public JWK (kty RSA, alg RSA-OAEP-256, use enc, n, e), got ';
    const cases: [unknown, string][] = [
      [{ ...privateKey.export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc' }, 'a private key (member d)'],
      [{ kty: 'oct', k: 'AA' }, 'kty "oct", alg undefined, use undefined, n undefined, e undefined'],
      [{ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }, 'kty "EC", alg undefined, use undefined, n undefined, e undefined'],
      [{ ...JWK, alg: 'RSA1_5' }, 'kty "RSA", alg "RSA1_5", use "enc", n string, e string'],
      [{ ...JWK, alg: undefined }, 'kty "RSA", alg undefined, use "enc", n string, e string'],
      [{ ...JWK, use: 'sig' }, 'kty "RSA", alg "RSA-OAEP-256", use "sig", n string, e string'],
      [{ ...JWK, n: 'a+b/' }, 'kty "RSA", alg "RSA-OAEP-256", use "enc", n string, e string'],
      [{ ...JWK, e: 65537 }, 'kty "RSA", alg "RSA-OAEP-256", use "enc", n string, e number'],
      [new Proxy({}, { has: () => { throw new Error('no'); } }), 'a JWK whose members throw'],
    ];
    for (const [key, got] of cases) expect(await messageFor(key)).toBe(expected + got);
    // The key rules of a PEM hold for a JWK: the same import decides (public-key.ts).
    for (const key of [jwkOf(small), even, { ...JWK, e: 'AQ' }]) expect(await messageFor(key)).toBe('publicKey: expected a JWK of an RSA public key of 2048+ bits, got object');
  });

  it('keeps reporting the card fields next to a bad JWK', async () => {
    const result = await encryptAnything({ ...VALID_CARD, securityCode: '1', publicKey: { kty: 'oct', k: 'AA' } });
    expect(result.errors.map((e) => e.field)).toEqual(['securityCode', 'publicKey']);
  });

  it('never throws, whatever the object (1,000 inputs)', async () => {
    const member = fc.oneof(fc.string(), fc.constantFrom('RSA', 'RSA-OAEP-256', 'enc', JWK.n, JWK.e, 'AQAB'), fc.integer(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.record({ kty: member, alg: member, use: member, n: member, e: member, kid: member }, { requiredKeys: [] }), async (jwk) => {
        const result = await encryptAnything({ ...VALID_CARD, publicKey: jwk });
        if (result.hasErrors) expect(result.errors.every((e) => /^(publicKey|keyId): expected .+, got /.test(e.message))).toBe(true);
        else expect(result.encryptedCard.keyId).toBe(jwk.kid ?? 'v1');
      }),
      { numRuns: 1000 },
    );
  });
});
