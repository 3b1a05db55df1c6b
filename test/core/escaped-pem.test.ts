// A PEM pasted into a .env file or a hosting dashboard often arrives on one line with
// literal "\n" escapes. Decision: accepted (as real line ends), by encryptCard as by
// createDecryptor, and the token still decrypts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { createDecryptor } from '../../src/server/index.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

/** The PEM as an .env file holds it: every line end written as the two characters \ and n (or \r\n). */
const escaped = (pem: string, lineEnd = '\\n') => pem.trim().replace(/\n/g, lineEnd);

describe('PEMs with literal \\n escapes', () => {
  it('encryptCard accepts a public key written with \\n or \\r\\n escapes, and the token decrypts', async () => {
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    for (const lineEnd of ['\\n', '\\r\\n']) {
      const result = await encryptCard({ ...VALID_CARD, publicKey: escaped(PUBLIC_2048, lineEnd) });
      expect(result.errors).toEqual([]);
      await expect(decryptor.decrypt(result.encryptedCard)).resolves.toHaveProperty('paymentProfile');
    }
  });

  it('createDecryptor accepts a private key written with \\n escapes', async () => {
    const decryptor = await createDecryptor({ keys: { v1: escaped(readSharedKey('rsa-2048-private.pem')) } });
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    await expect(decryptor.decrypt(result.encryptedCard)).resolves.toHaveProperty('keyId', 'v1');
  });

  it('a backslash anywhere else is still refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 30, max: PUBLIC_2048.length - 30 }), fc.constantFrom('\\', '\\t', '\\x'), async (at, inserted) => {
        const broken = PUBLIC_2048.slice(0, at) + inserted + PUBLIC_2048.slice(at);
        const { errors } = await encryptCard({ ...VALID_CARD, publicKey: broken });
        expect(errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
      }),
      { numRuns: 40 },
    );
  });
});
