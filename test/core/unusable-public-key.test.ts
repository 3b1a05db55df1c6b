// Issue 14 defect 3: a public key that WebCrypto imports but RSA cannot use (an even
// modulus, e > n) is INVALID_PUBLIC_KEY on the field publicKey, never a rejected promise,
// and the bad key does not stay cached: the next call with a good key (or the same bad one) answers too.
import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The shared key's JWK with n and/or e replaced, as an SPKI PEM. */
function spkiWith(change: (n: Uint8Array) => { n?: Uint8Array; e?: Uint8Array }): string {
  const jwk = createPublicKey(PUBLIC_2048).export({ format: 'jwk' });
  const { n = Buffer.from(jwk.n!, 'base64url'), e = Buffer.from(jwk.e!, 'base64url') } = change(Buffer.from(jwk.n!, 'base64url'));
  return createPublicKey({ key: { ...jwk, n: b64url(n), e: b64url(e) }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}

const UNUSABLE: [string, string][] = [
  ['an even modulus', spkiWith((n) => ({ n: Uint8Array.from(n, (b, i) => (i === n.length - 1 ? b & 0xfe : b)) }))],
  ['an exponent larger than the modulus (e > n, odd)', spkiWith((n) => ({ e: Uint8Array.from([1, ...n.map(() => 0xff)]) }))],
  ['an exponent equal to the modulus', spkiWith((n) => ({ e: n }))],
];

describe('a public key that imports but RSA cannot use', () => {
  it.each(UNUSABLE)('%s: INVALID_PUBLIC_KEY, then the same key again, then a good key works', async (_name, pem) => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await encryptCard({ ...VALID_CARD, publicKey: pem });
      expect(result).toMatchObject({ hasErrors: true, encryptedCard: null, errors: [{ code: 'INVALID_PUBLIC_KEY', field: 'publicKey' }] });
    }
    const good = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    expect(good.errors).toEqual([]);
    expect(good.encryptedCard?.keyId).toBe('v1');
  });

  it('concurrent calls with a bad key all resolve INVALID_PUBLIC_KEY', async () => {
    const results = await Promise.all(UNUSABLE.flatMap(([, pem]) => [0, 1, 2].map(() => encryptCard({ ...VALID_CARD, publicKey: pem }))));
    for (const result of results) expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
  });
});
