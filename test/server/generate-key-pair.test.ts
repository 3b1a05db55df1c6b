import { describe, expect, it } from 'vitest';
import { createDecryptor, InvalidOptionError, generateKeyPair } from '../../src/server/index.js';
import { openCard, tokenFor } from './support/cards.js';

describe('generateKeyPair', () => {
  it('gives PEMs that encryptCard and createDecryptor take', async () => {
    const pair = await generateKeyPair({ keyId: 'sandbox', bits: 2048 });
    expect(pair).toMatchObject({ keyId: 'sandbox', bits: 2048 });
    expect(pair.publicKeyPem.split('\n').every((line) => line.length <= 64)).toBe(true);
    const decryptor = await createDecryptor({ keys: { sandbox: pair.privateKeyPem } });
    await expect(decryptor.decrypt(await tokenFor(pair.publicKeyPem, 'sandbox'))).resolves.toMatchObject({ paymentProfile: openCard });
  });

  it('refuses other sizes and bad keyIds, naming the option', async () => {
    await expect(generateKeyPair({ bits: 1024 as never })).rejects.toThrow(/option "bits": expected 2048, 3072 or 4096, got 1024/);
    await expect(generateKeyPair({ keyId: 'no/slash' })).rejects.toBeInstanceOf(InvalidOptionError);
    for (const options of [null, 5, 'v1']) await expect(generateKeyPair(options as never)).rejects.toThrow(/option "options": expected an object/);
  });
});
