// A public exponent of 1 makes RSA the identity (the "encrypted" key is the AES key in the
// clear); an even one is not a permutation. Both are refused as INVALID_PUBLIC_KEY.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';

/** The shared 2048-bit modulus with another exponent (base64url, as in a JWK), as an SPKI PEM. */
function withExponent(e: string): string {
  const jwk = createPublicKey(PUBLIC_2048).export({ format: 'jwk' });
  return createPublicKey({ key: { ...jwk, e }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}

const codes = async (publicKey: string) => (await encryptCard({ ...VALID_CARD, publicKey })).errors.map((e) => e.code);

describe('public exponent', () => {
  it.each([
    ['1', 'AQ'],
    ['2', 'Ag'],
    ['65536', 'AQAA'],
  ])('e = %s is refused, although WebCrypto imports it', async (_e, e) => {
    const pem = withExponent(e);
    const key = await crypto.subtle.importKey('spki', createPublicKey(pem).export({ type: 'spki', format: 'der' }), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    expect(key.type).toBe('public'); // the platform takes it: only our check stands between
    const result = await encryptCard({ ...VALID_CARD, publicKey: pem });
    expect(result.encryptedCard).toBeNull();
    expect(result.errors).toMatchObject([{ code: 'INVALID_PUBLIC_KEY', field: 'publicKey' }]);
  });

  it('odd exponents >= 3 are accepted (3 and the usual 65537)', async () => {
    expect(await codes(withExponent('Aw'))).toEqual([]);
    expect(await codes(withExponent('AQAB'))).toEqual([]);
  });
});
