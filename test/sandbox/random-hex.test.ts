// base/random-hex.ts: ids read from a pool of CSPRNG bytes, never the same bytes twice, across refills.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { randomHex } from '../../packages/sandbox/base/random-hex.js';

it('any run of sizes: each answer is 2 hex characters a byte, and no two 8-byte-or-longer answers repeat (the pool refilled many times over)', () => {
  fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 60 }), (sizes) => {
    const seen = new Set<string>();
    for (const bytes of sizes) {
      const hex = randomHex(bytes);
      expect(hex).toMatch(new RegExp(`^[0-9a-f]{${2 * bytes}}$`));
      if (bytes >= 8) {
        expect(seen.has(hex)).toBe(false);
        seen.add(hex);
      }
    }
  }));
});

it('ids 12 bytes at a time over several pools: all different, and the bytes look random (each hex digit about 1/16 of them)', () => {
  const ids = Array.from({ length: 3_000 }, () => randomHex(12));
  expect(new Set(ids).size).toBe(ids.length);
  const counts = new Map<string, number>();
  for (const ch of ids.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  expect(counts.size).toBe(16);
  for (const count of counts.values()) expect(Math.abs(count / (ids.length * 24) - 1 / 16)).toBeLessThan(0.01);
});

it('refuses a size it cannot give: 0, a fraction, more than the pool', () => {
  for (const bytes of [0, -1, 1.5, 4097, Number.NaN]) expect(() => randomHex(bytes)).toThrow(RangeError);
});
