// A valid card, in any accepted spelling, always round-trips to the step-1 plaintext.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { validCard } from './support/arbitraries.js';
import { decryptWithNode } from './support/decrypt.js';
import { expectPlaintext } from './support/plaintext.js';
import { PRIVATE_2048, PUBLIC_2048 } from './support/private-keys.js';

afterEach(() => vi.useRealTimers());

describe('round trip', () => {
  it('every valid card decrypts to itself, normalised (500 inputs)', async () => {
    await fc.assert(
      fc.asyncProperty(validCard(PUBLIC_2048), async (card) => {
        const result = await encryptCard(card);
        expect(result.errors).toEqual([]);
        if (result.hasErrors) return;
        expect(result.encryptedCard.keyId).toBe(card.keyId ?? 'v1');
        expectPlaintext(decryptWithNode(result.encryptedCard, PRIVATE_2048), card);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('iat is the clock in whole seconds, whatever the clock says (500 inputs)', async () => {
    const card = { holder: 'A', number: '4111111111111111', expMonth: '1', expYear: '2030', securityCode: '123', publicKey: PUBLIC_2048 };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4_102_444_800_000 }), async (now) => {
        vi.useFakeTimers({ toFake: ['Date'], now });
        const result = await encryptCard(card);
        vi.useRealTimers();
        if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
        const payload = decryptWithNode(result.encryptedCard, PRIVATE_2048) as { iat: number };
        expect(payload.iat).toBe(Math.floor(now / 1000));
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
