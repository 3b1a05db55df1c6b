// TOKEN-FORMAT.md "JWE mapping", cross-checked with jose both ways.
import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { createDecryptor, fromCompactJwe, fromFlattenedJwe, TokenError, toCompactJwe, toFlattenedJwe } from '../../src/server/index.js';
import { openCard, tokenFor } from './support/cards.js';
import { codeOf } from './support/codes.js';
import { decryptVectors, readSharedKey } from '../../test-support/shared-vectors.mjs';

const privatePem = readSharedKey('rsa-2048-private.pem');
const publicPem = readSharedKey('rsa-2048-public.pem');
const joseOptions = { keyManagementAlgorithms: ['RSA-OAEP-256'], contentEncryptionAlgorithms: ['A256GCM'] };
const codeOfSync = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof TokenError) return error.code;
    throw error;
  }
  return 'none';
};

describe('JWE mapping', () => {
  it('matches every compactJwe of the shared vectors, both ways', () => {
    const withJwe = decryptVectors().vectors.filter((v) => v.compactJwe);
    expect(withJwe.length).toBeGreaterThan(0);
    for (const vector of withJwe) {
      expect(toCompactJwe(vector.token)).toBe(vector.compactJwe);
      expect(fromCompactJwe(vector.compactJwe)).toStrictEqual(vector.token);
    }
  });

  it('jose decrypts the compact and flattened JWE of a token made by encryptCard', async () => {
    const token = await tokenFor(publicPem, 'v1');
    const key = await jose.importPKCS8(privatePem, 'RSA-OAEP-256');
    const compact = await jose.compactDecrypt(toCompactJwe(token), key, joseOptions);
    expect(compact.protectedHeader).toStrictEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'v1' });
    expect(JSON.parse(new TextDecoder().decode(compact.plaintext))).toMatchObject(openCard);
    const flattened = await jose.flattenedDecrypt(toFlattenedJwe(token), key, joseOptions);
    expect(JSON.parse(new TextDecoder().decode(flattened.plaintext))).toMatchObject(openCard);
  });

  it('a JWE made by jose converts into a token the decryptor accepts', async () => {
    const payload = { ...openCard, iat: Math.floor(Date.now() / 1000), jti: jose.base64url.encode(crypto.getRandomValues(new Uint8Array(16))) };
    const key = await jose.importSPKI(publicPem, 'RSA-OAEP-256');
    const bytes = new TextEncoder().encode(JSON.stringify(payload));
    const header = { alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'v1' };
    const decryptor = await createDecryptor({ keys: { v1: privatePem } });
    const compact = await new jose.CompactEncrypt(bytes).setProtectedHeader(header).encrypt(key);
    await expect(decryptor.decrypt(fromCompactJwe(compact))).resolves.toMatchObject({ paymentProfile: openCard, tokenId: payload.jti });
    const flattened = await new jose.FlattenedEncrypt(bytes).setProtectedHeader(header).encrypt(key);
    expect(await codeOf(decryptor.decrypt(fromFlattenedJwe(flattened)))).toBe('TOKEN_REUSED'); // same jti
  });

  it('refuses a protected header that is not exactly the bytes of step 2 (they are the AAD)', async () => {
    const key = await jose.importSPKI(publicPem, 'RSA-OAEP-256');
    const encrypt = (header: jose.CompactJWEHeaderParameters) => new jose.CompactEncrypt(new Uint8Array(1)).setProtectedHeader(header).encrypt(key);
    for (const header of [
      { enc: 'A256GCM', alg: 'RSA-OAEP-256', kid: 'v1' }, // member order
      { alg: 'RSA-OAEP-256', enc: 'A256GCM' }, // no kid
      { alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'v1', cty: 'json' }, // extra member
      { alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'a b' }, // kid pattern
    ]) {
      const jwe = await encrypt(header);
      expect(codeOfSync(() => fromCompactJwe(jwe))).toBe('TOKEN_MALFORMED');
    }
  });

  it('refuses malformed JWEs with TOKEN_MALFORMED', () => {
    const good = decryptVectors().vectors[0]!.compactJwe!;
    const parts = good.split('.');
    for (const bad of [
      42,
      '',
      'a.b.c.d',
      `${good}.x`,
      good.replace('.', '.+'),
      [parts[0], parts[1], 'AAAA', parts[3], parts[4]].join('.'), // iv of 3 bytes
      'x'.repeat(1 << 20),
    ]) {
      expect(codeOfSync(() => fromCompactJwe(bad))).toBe('TOKEN_MALFORMED');
    }
    const flat = toFlattenedJwe(decryptVectors().vectors[0]!.token);
    expect(codeOfSync(() => fromFlattenedJwe({ ...flat, aad: 'eA' }))).toBe('TOKEN_MALFORMED');
    expect(codeOfSync(() => fromFlattenedJwe({ ...flat, header: {} }))).toBe('TOKEN_MALFORMED');
    expect(codeOfSync(() => toCompactJwe({ keyId: 'v1' }))).toBe('TOKEN_MALFORMED');
  });

  it('refuses hostile objects as TOKEN_MALFORMED, never a TypeError', () => {
    const flat = toFlattenedJwe(decryptVectors().vectors[0]!.token);
    const { proxy, revoke } = Proxy.revocable({ ...flat }, {});
    revoke();
    for (const convert of [fromFlattenedJwe, toFlattenedJwe, toCompactJwe]) expect(codeOfSync(() => convert(proxy))).toBe('TOKEN_MALFORMED');
    for (const name of ['protected', 'encrypted_key', 'iv', 'ciphertext', 'tag', 'aad']) {
      const throwing: Record<string, unknown> = { ...flat };
      Object.defineProperty(throwing, name, { enumerable: true, get: () => { throw new Error('boom'); } });
      expect(codeOfSync(() => fromFlattenedJwe(throwing))).toBe('TOKEN_MALFORMED');
    }
    const trap = new Proxy({ ...flat }, { getOwnPropertyDescriptor: () => { throw new Error('boom'); } });
    expect(codeOfSync(() => fromFlattenedJwe(trap))).toBe('TOKEN_MALFORMED');
    expect(fromFlattenedJwe({ ...flat })).toStrictEqual(decryptVectors().vectors[0]!.token); // the guard keeps the good path
  });
});
