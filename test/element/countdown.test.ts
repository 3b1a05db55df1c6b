// The PIX and boleto panel's time left (src/next-action/countdown.ts): minutes and seconds in the last hour.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { timeLeft } from '../../src/next-action/countdown.js';

const S = 1000, MIN = 60 * S, H = 60 * MIN, D = 24 * H;

it('days and hours, hours and minutes, then minutes and seconds in the last hour', () => {
  expect(timeLeft(D + 21 * H + 59 * MIN)).toBe('1 d 21 h');
  expect(timeLeft(D)).toBe('1 d 0 h');
  expect(timeLeft(D - 1)).toBe('23 h 59 min');
  expect(timeLeft(5 * H + 3 * MIN + 59 * S)).toBe('5 h 03 min');
  expect(timeLeft(H)).toBe('1 h 00 min');
  expect(timeLeft(H - 1)).toBe('59 min 59 s');
  expect(timeLeft(59 * MIN + 5 * S)).toBe('59 min 05 s');
  expect(timeLeft(999)).toBe('0 min 00 s');
  expect(timeLeft(0)).toBe('0 min 00 s');
  expect(timeLeft(-5 * MIN)).toBe('0 min 00 s');
});

it('never says more time than is left, nor a second less (whole seconds, rounded down), for any time under 10 days', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10 * D }), (ms) => {
    const text = timeLeft(ms);
    const units: Record<string, number> = { d: D, h: H, min: MIN, s: S };
    const parts = [...text.matchAll(/(\d+) (d|h|min|s)\b/g)].map((m) => Number(m[1]) * units[m[2]!]!);
    expect(parts).toHaveLength(2);
    const shown = parts[0]! + parts[1]!;
    expect(shown).toBeLessThanOrEqual(ms);
    // The smaller unit shown is the precision: what is left beyond it is less than one of it.
    const precision = ms >= D ? H : ms >= H ? MIN : S;
    expect(ms - shown).toBeLessThan(precision);
    if (ms < H) expect(text).toMatch(/^\d{1,2} min \d\d s$/);
  }));
});
