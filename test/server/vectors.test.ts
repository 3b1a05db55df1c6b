// Every vector of test/vectors/decrypt-vectors.json, with its own now and options.
import { describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { codeOf } from './support/codes.js';
import { decryptVectorKeys, decryptVectors } from '../../test-support/shared-vectors.mjs';

const at = (seconds: number) => () => seconds * 1000; // the file's now is in seconds

describe('decrypt-vectors.json', () => {
  it('has vectors to check', () => {
    expect(decryptVectors().vectors.length).toBeGreaterThanOrEqual(29);
  });

  for (const vector of decryptVectors().vectors) {
    it(`${vector.name}${vector.note ? ` (${vector.note})` : ''}`, async () => {
      const decryptor = await createDecryptor({ keys: decryptVectorKeys(), ...vector.options, now: at(vector.now) });
      if ('error' in vector.expect) {
        expect(await codeOf(decryptor.decrypt(vector.token))).toBe(vector.expect.error);
      } else {
        await expect(decryptor.decrypt(vector.token)).resolves.toStrictEqual({
          paymentProfile: vector.expect.paymentProfile,
          keyId: vector.expect.keyId,
          tokenId: vector.expect.jti,
          issuedAt: vector.expect.iat,
        });
      }
    });
  }

  it('replay: the same token twice with one store gives TOKEN_REUSED the second time', async () => {
    const { token, now, options } = decryptVectors().replay;
    const decryptor = await createDecryptor({ keys: decryptVectorKeys(), ...options, now: at(now) });
    await expect(decryptor.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' });
    expect(await codeOf(decryptor.decrypt(token))).toBe('TOKEN_REUSED');
    // a second decryptor has its own memory store: single use is per store
    const other = await createDecryptor({ keys: decryptVectorKeys(), ...options, now: at(now) });
    await expect(other.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' });
  });
});
