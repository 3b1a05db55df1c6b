// publicJwks (issue 9): the configured private keys -> the public JWKS the card frame serves.
// Each entry encrypts a token that the decryptor holding the private key opens.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDecryptor, InvalidOptionError, publicJwks } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { openCard, tokenFor } from './support/cards.js';

const keys = { v1: readSharedKey('rsa-2048-private.pem'), 'rot.2': readSharedKey('rsa-3072-private.pem') };

describe('publicJwks', () => {
  it('publishes n and e of every key, with kid, alg and use, and no private member', async () => {
    const jwks = await publicJwks(keys);
    expect(jwks.keys.map((k) => k.kid)).toEqual(['v1', 'rot.2']);
    for (const [i, jwk] of jwks.keys.entries()) {
      expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
      const expected = createPublicKey(createPrivateKey(Object.values(keys)[i]!)).export({ format: 'jwk' });
      expect([jwk.n, jwk.e]).toEqual([expected.n, expected.e]);
    }
  });

  it('gives keys that make tokens the decryptor opens, CryptoKeys included', async () => {
    const pkcs8 = createPrivateKey(keys.v1).export({ type: 'pkcs8', format: 'der' });
    const cryptoKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
    const config = new Map<string, string | CryptoKey>([['ck', cryptoKey], ['rot.2', keys['rot.2']]]);
    const decryptor = await createDecryptor({ keys: config });
    for (const jwk of (await publicJwks(config)).keys) {
      await expect(decryptor.decrypt(await tokenFor(jwk, jwk.kid))).resolves.toMatchObject({ keyId: jwk.kid, paymentProfile: openCard });
    }
  });

  it('refuses what createDecryptor refuses, naming the key', async () => {
    await expect(publicJwks({ v1: readSharedKey('rsa-2048-public.pem') })).rejects.toThrow(/keys\["v1"\]/);
    await expect(publicJwks({})).rejects.toBeInstanceOf(InvalidOptionError);
  });
});
