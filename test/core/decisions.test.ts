// The rules decided where API reference 4.9 is silent (README "Decisions"), pinned down.
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const codes = async (change: Record<string, unknown>) =>
  (await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048, ...change })).errors.map((e) => e.code);

describe('decisions where the reference is silent', () => {
  it('holder: 1 to 255 characters after trimming', async () => {
    expect(await codes({ holder: 'x'.repeat(255) })).toEqual([]);
    expect(await codes({ holder: `  ${'x'.repeat(255)}\t` })).toEqual([]);
    expect(await codes({ holder: 'x'.repeat(256) })).toEqual(['INVALID_HOLDER']);
    expect(await codes({ holder: '\u00a0\u2003' })).toEqual(['INVALID_HOLDER']);
  });

  it('number: any white space is removed; other separators and non-ASCII digits are refused', async () => {
    expect(await codes({ number: '\t4111\u00a01111 1111\n1111 ' })).toEqual([]);
    expect(await codes({ number: '4111.1111.1111.1111' })).toEqual(['INVALID_NUMBER']);
    expect(await codes({ number: '٤١١١١١١١١١١١١١١١' })).toEqual(['INVALID_NUMBER']);
    expect(await codes({ number: 4111111111111 })).toEqual(['INVALID_NUMBER']); // a number type loses leading zeros
  });

  it('expMonth and expYear: whole numbers are accepted, fractions and signs are not', async () => {
    expect(await codes({ expMonth: 12, expYear: 2030 })).toEqual([]);
    expect(await codes({ expMonth: ' 09 ', expYear: ' 2030 ' })).toEqual([]);
    expect(await codes({ expMonth: 1.5 })).toEqual(['INVALID_EXPIRATION_MONTH']);
    expect(await codes({ expMonth: '+3' })).toEqual(['INVALID_EXPIRATION_MONTH']);
    expect(await codes({ expMonth: '003' })).toEqual(['INVALID_EXPIRATION_MONTH']);
    expect(await codes({ expMonth: '00' })).toEqual(['INVALID_EXPIRATION_MONTH']);
    expect(await codes({ expYear: 30 })).toEqual(['INVALID_EXPIRATION_YEAR']);
    expect(await codes({ expYear: NaN })).toEqual(['INVALID_EXPIRATION_YEAR']);
  });

  it('no expiry-in-the-past check and no Luhn check in the core (the element does those)', async () => {
    expect(await codes({ expMonth: '01', expYear: '2001', number: '4111111111111112' })).toEqual([]);
  });

  it('securityCode: surrounding white space is trimmed; a number type is refused', async () => {
    expect(await codes({ securityCode: ' 123 ' })).toEqual([]);
    expect(await codes({ securityCode: 123 })).toEqual(['INVALID_SECURITY_CODE']);
  });

  it('publicKey: at most 16 KiB; a certificate, or RSA under 2048 bits, is refused', async () => {
    expect(await codes({ publicKey: PUBLIC_2048 + ' '.repeat(16384) })).toEqual(['INVALID_PUBLIC_KEY']);
    expect(await codes({ publicKey: readSharedKey('rsa-1024-public.pem') })).toEqual(['INVALID_PUBLIC_KEY']);
    const certificate = PUBLIC_2048.replace(/PUBLIC KEY/g, 'CERTIFICATE');
    expect(await codes({ publicKey: certificate })).toEqual(['INVALID_PUBLIC_KEY']);
    const mixed = PUBLIC_2048.replace('-----END PUBLIC KEY-----', '-----END RSA PUBLIC KEY-----');
    expect(await codes({ publicKey: mixed })).toEqual(['INVALID_PUBLIC_KEY']);
  });

  it('keyId: null and undefined mean v1; any other non-matching value names keyId', async () => {
    expect(await codes({ keyId: null })).toEqual([]);
    const result = await encryptAnything({ ...VALID_CARD, publicKey: PUBLIC_2048, keyId: 7 });
    expect(result.errors).toMatchObject([{ code: 'INVALID_PUBLIC_KEY', field: 'keyId' }]);
  });

  it('reports every failing field at once, a bad key included', async () => {
    expect(await codes({ holder: '', securityCode: '1', publicKey: readSharedKey('ec-p256-public.pem') })).toEqual([
      'INVALID_HOLDER',
      'INVALID_SECURITY_CODE',
      'INVALID_PUBLIC_KEY',
    ]);
  });
});
