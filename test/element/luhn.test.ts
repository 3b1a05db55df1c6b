import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../src/element/luhn.js';
import { cardNumber } from './card-numbers.js';

describe('luhnValid', () => {
  it('accepts the well-known test numbers and rejects a changed last digit', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '30569309025904', '6011111111111117']) {
      expect(luhnValid(n)).toBe(true);
      expect(luhnValid(n.slice(0, -1) + String((Number(n.at(-1)) + 1) % 10))).toBe(false);
    }
  });

  it('rejects anything that is not only ASCII digits', () => {
    for (const n of ['', '4111 1111 1111 1111', '４１１１', 'abc', '-0']) expect(luhnValid(n)).toBe(false);
  });

  it('detects every single-digit change (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{12,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (prefix, at, delta) => {
      const valid = cardNumber(prefix, prefix.length + 1);
      expect(luhnValid(valid)).toBe(true);
      const i = at % valid.length;
      const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
      expect(luhnValid(changed)).toBe(false);
    }));
  });
});
