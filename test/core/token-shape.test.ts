// "The token" of TOKEN-FORMAT.md: five string members, standard padded base64, sizes by key.
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { decryptWithNode } from './support/decrypt.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048, privateKeyFor } from './support/private-keys.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const bytes = (text: string) => Buffer.from(text, 'base64').length;

async function token(publicKey: string, keyId?: string) {
  const result = await encryptCard({ ...VALID_CARD, publicKey, ...(keyId === undefined ? {} : { keyId }) });
  if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
  expect(result.errors).toEqual([]);
  return result.encryptedCard;
}

describe('token shape', () => {
  it.each([
    ['rsa-2048-public.pem', 256],
    ['rsa-2048-public-pkcs1.pem', 256],
    ['rsa-3072-public.pem', 384],
    ['rsa-4096-public.pem', 512],
  ])('%s: iv 12 bytes, authTag 16, encryptedKey %i (the modulus)', async (file, modulusBytes) => {
    const t = await token(readSharedKey(file));
    expect(Object.keys(t).sort()).toEqual(['authTag', 'ciphertext', 'encryptedKey', 'iv', 'keyId']);
    for (const member of ['encryptedKey', 'iv', 'ciphertext', 'authTag'] as const) expect(t[member]).toMatch(STANDARD_BASE64);
    expect(bytes(t.iv)).toBe(12);
    expect(bytes(t.authTag)).toBe(16);
    expect(bytes(t.encryptedKey)).toBe(modulusBytes);
    expect(decryptWithNode(t, privateKeyFor(readSharedKey(file)))).toMatchObject({ cardNumber: '4111111111111111' });
  });

  it('defaults keyId to v1 when it is absent, undefined or null', async () => {
    expect((await token(PUBLIC_2048)).keyId).toBe('v1');
    expect((await token(PUBLIC_2048, undefined)).keyId).toBe('v1');
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048, keyId: null });
    expect(result.encryptedCard?.keyId).toBe('v1');
  });

  it('puts a given keyId in the token and in the AAD', async () => {
    const t = await token(PUBLIC_2048, 'k-64.chars_max');
    expect(t.keyId).toBe('k-64.chars_max');
    expect(() => decryptWithNode(t, privateKeyFor(PUBLIC_2048))).not.toThrow();
    const aadOfV1 = Buffer.from(Buffer.from('{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"v1"}').toString('base64url'));
    expect(() => decryptWithNode(t, privateKeyFor(PUBLIC_2048), aadOfV1)).toThrow(/authenticate/);
  });

  it('accepts a keyId of exactly 64 characters and refuses 65', async () => {
    expect((await token(PUBLIC_2048, 'a'.repeat(64))).keyId).toHaveLength(64);
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048, keyId: 'a'.repeat(65) });
    expect(result.errors).toMatchObject([{ code: 'INVALID_PUBLIC_KEY', field: 'keyId' }]);
  });

  it('accepts numbers for expMonth and expYear and pads the month', async () => {
    const input = { ...VALID_CARD, expMonth: 7, expYear: 2031, publicKey: PUBLIC_2048 };
    const result = await encryptCard(input);
    if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
    expect(decryptWithNode(result.encryptedCard, privateKeyFor(PUBLIC_2048))).toMatchObject({ cardExpiration: '07/2031' });
  });

  it('keeps a holder name with non-ASCII letters intact (UTF-8 plaintext)', async () => {
    const input = { ...VALID_CARD, holder: '  JOÃO ÇÉDILLE 山田  ', publicKey: PUBLIC_2048 };
    const result = await encryptCard(input);
    if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
    expect(decryptWithNode(result.encryptedCard, privateKeyFor(PUBLIC_2048))).toMatchObject({ holderName: 'JOÃO ÇÉDILLE 山田' });
  });
});
