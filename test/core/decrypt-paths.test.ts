// The same token decrypted by three independent implementations (STYLE.md habit 6).
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { decryptFlattenedWithJose, decryptWithJose, decryptWithNode, decryptWithPeculiar, headerOf } from './support/decrypt.js';
import { VALID_CARD, expectPlaintext } from './support/plaintext.js';
import { privateKeyFor } from './support/private-keys.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const keys = ['rsa-2048-public.pem', 'rsa-2048-public-pkcs1.pem', 'rsa-3072-public.pem', 'rsa-4096-public.pem'];

describe.each(keys)('a token for %s', (file) => {
  const publicKey = readSharedKey(file);
  const privateKey = privateKeyFor(publicKey);
  const input = { ...VALID_CARD, publicKey, keyId: 'rot-2027.b_1' };
  const encrypt = async () => {
    const result = await encryptCard(input);
    if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
    return result.encryptedCard;
  };

  it('decrypts with node:crypto (privateDecrypt OAEP SHA-256 + aes-256-gcm with the AAD)', async () => {
    expectPlaintext(decryptWithNode(await encrypt(), privateKey), input);
  });

  it('decrypts with @peculiar/webcrypto', async () => {
    expectPlaintext(await decryptWithPeculiar(await encrypt(), privateKey), input);
  });

  it('decrypts with jose as compact JWE, whose header is exactly step 2', async () => {
    const { payload, header } = await decryptWithJose(await encrypt(), privateKey);
    expectPlaintext(payload, input);
    expect(header).toEqual(JSON.parse(headerOf('rot-2027.b_1')));
  });

  it('decrypts with jose as flattened JSON JWE', async () => {
    expectPlaintext(await decryptFlattenedWithJose(await encrypt(), privateKey), input);
  });

  it('does not decrypt once a byte of the ciphertext changes (the tag covers it)', async () => {
    const token = await encrypt();
    const ciphertext = Buffer.from(token.ciphertext, 'base64');
    ciphertext[0]! ^= 1;
    expect(() => decryptWithNode({ ...token, ciphertext: ciphertext.toString('base64') }, privateKey)).toThrow();
  });

  it('does not decrypt under another keyId (the header is the AAD)', async () => {
    const token = await encrypt();
    expect(() => decryptWithNode({ ...token, keyId: 'v1' }, privateKey)).toThrow();
  });
});
