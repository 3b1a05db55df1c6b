// Any input is TOKEN_MALFORMED (first row of the acceptance table), never a crash.
import { describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { codeOf } from './support/codes.js';
import { decryptVectorKeys, decryptVectors } from '../../test-support/shared-vectors.mjs';

const valid = decryptVectors().vectors.find((v) => v.name === 'valid-2048')!.token as Record<string, string>;
const decryptor = await createDecryptor({ keys: decryptVectorKeys(), now: () => 1_800_000_005_000 });

const messageOf = (token: unknown) => decryptor.decrypt(token).then(() => '', (e: Error) => e.message);

describe('malformed tokens', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a string', JSON.stringify(valid)],
    ['an array', [valid]],
    ['a function', () => valid],
    ['an empty object', {}],
    ['base64url members', { ...valid, authTag: valid.authTag!.replace(/=+$/, '') }],
    ['white space in base64', { ...valid, iv: ` ${valid.iv}` }],
    ['an empty keyId', { ...valid, keyId: '' }],
    ['a 65-character keyId', { ...valid, keyId: 'k'.repeat(65) }],
    ['a boxed string', { ...valid, iv: new String(valid.iv) }],
  ])('%s', async (_, token) => {
    expect(await codeOf(decryptor.decrypt(token))).toBe('TOKEN_MALFORMED');
  });

  it('names the member in the message', async () => {
    expect(await messageOf({ ...valid, iv: 'AAAAAAAAAAAAAAAAAAAAAA==' })).toBe('token.iv: expected 12 bytes, got 16');
    expect(await messageOf({ ...valid, authTag: 5 })).toBe('token.authTag: expected a string, got number');
    const { ciphertext: _, ...missing } = valid;
    expect(await messageOf(missing)).toBe('token.ciphertext: expected a string, got undefined');
  });

  it('refuses megabyte strings by their length, before decoding them', async () => {
    const mega = 'A'.repeat(1 << 20);
    for (const member of ['keyId', 'encryptedKey', 'iv', 'ciphertext', 'authTag']) {
      const message = await messageOf({ ...valid, [member]: mega });
      expect(message).toMatch(new RegExp(`^token\\.${member}: expected at most \\d+ characters, got 1048576$`));
    }
  });

  it('treats throwing getters, proxies and inherited members as missing, never crashing', async () => {
    const throwing = { ...valid };
    Object.defineProperty(throwing, 'iv', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(await codeOf(decryptor.decrypt(throwing))).toBe('TOKEN_MALFORMED');
    const proxy = new Proxy(valid, { getOwnPropertyDescriptor: () => { throw new Error('boom'); }, get: () => { throw new Error('boom'); } });
    expect(await codeOf(decryptor.decrypt(proxy))).toBe('TOKEN_MALFORMED');
    expect(await codeOf(decryptor.decrypt(Object.create(valid)))).toBe('TOKEN_MALFORMED');
  });

  it('refuses a revoked Proxy as TOKEN_MALFORMED (Array.isArray throws on it)', async () => {
    const { proxy, revoke } = Proxy.revocable({ ...valid }, {});
    revoke();
    expect(() => Array.isArray(proxy)).toThrow(TypeError); // what the guard is for
    expect(await codeOf(decryptor.decrypt(proxy))).toBe('TOKEN_MALFORMED');
  });

  it('ignores extra members', async () => {
    await expect(decryptor.decrypt({ ...valid, extra: 'x'.repeat(1 << 20) })).resolves.toMatchObject({ keyId: 'v1' });
  });
});
