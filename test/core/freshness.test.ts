// A fresh IV, CEK and jti for every token (TOKEN-FORMAT.md steps 1 and 4), across 10,000
// tokens, and iat within a second of the real clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { validCard } from './support/arbitraries.js';
import { decryptWithNode, unwrapCek } from './support/decrypt.js';
import { PRIVATE_2048, PUBLIC_2048 } from './support/private-keys.js';

describe('freshness', () => {
  it('never repeats an IV, a CEK or a jti across 10,000 tokens; iat within a second of the clock', async () => {
    const ivs = new Set<string>();
    const ceks = new Set<string>();
    const jtis = new Set<string>();
    await fc.assert(
      fc.asyncProperty(validCard(PUBLIC_2048), async (card) => {
        const before = Date.now() / 1000;
        const result = await encryptCard(card);
        const after = Date.now() / 1000;
        if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
        const token = result.encryptedCard;
        const { iat, jti } = decryptWithNode(token, PRIVATE_2048) as { iat: number; jti: string };
        expect(iat).toBeGreaterThanOrEqual(Math.floor(before));
        expect(iat).toBeLessThanOrEqual(after);
        expect(after - iat).toBeLessThan(1 + (after - before));
        const cek = unwrapCek(token, PRIVATE_2048).toString('hex');
        expect(cek).toHaveLength(64);
        expect(ivs.has(token.iv) || ceks.has(cek) || jtis.has(jti)).toBe(false);
        ivs.add(token.iv);
        ceks.add(cek);
        jtis.add(jti);
      }),
      { numRuns: 10_000 },
    );
    expect([ivs.size, ceks.size, jtis.size]).toEqual([10_000, 10_000, 10_000]);
  }, 900_000); // 10,000 RSA encryptions took over 180 s on a busy shared 2-core machine
});
