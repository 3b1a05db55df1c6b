// The boleto's barcode (src/next-action/itf.ts) held to ITF's rules as the standard states them,
// not as the encoder's table: each digit read back from its 5 elements by the weights 1 2 4 7 0
// of the wide ones (11 meaning 0), 2 wide of 5, the start and stop patterns, bars where bars go.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itfSvg, itfWidths, QUIET, WIDE } from '../../src/next-action/itf.js';
import { boleto } from '../../packages/sandbox/payment/boleto.js';

const WEIGHTS = [1, 2, 4, 7, 0];
/** One digit from 5 widths, by the standard's weights. */
function readDigit(widths: number[]): number {
  expect(widths.filter((width) => width === WIDE)).toHaveLength(2);
  const sum = widths.reduce((total, width, k) => total + (width === WIDE ? WEIGHTS[k]! : 0), 0);
  return sum === 11 ? 0 : sum;
}
/** The digits back from the widths: start, pairs (bars the first digit, spaces the second), stop. */
function decode(widths: number[]): string {
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([WIDE, 1, 1]);
  const body = widths.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    digits += `${readDigit(pair.filter((_, k) => k % 2 === 0))}${readDigit(pair.filter((_, k) => k % 2 === 1))}`;
  }
  return digits;
}

const evenDigits = fc.array(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: 30 }).map((half) => half.join('')).chain((half) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: half.length, maxLength: half.length }).map((rest) => half + rest.join('')));

describe('itfWidths', () => {
  it('reads back as the same digits by the standard\'s weights, for any even count of digits', () => {
    fc.assert(fc.property(evenDigits, (code) => {
      expect(decode(itfWidths(code))).toBe(code);
    }));
  });

  it('has a bar first and last, and 9 narrow modules per digit plus 9 for start and stop (wide = 3)', () => {
    fc.assert(fc.property(evenDigits, (code) => {
      const widths = itfWidths(code);
      expect(widths.length % 2).toBe(1); // bar, space, ..., bar
      expect(widths.reduce((a, b) => a + b, 0)).toBe(9 * code.length + 9);
    }));
  });

  it('refuses an odd count of digits, or anything but digits', () => {
    for (const bad of ['', '1', '123', '12a4', '１２']) expect(() => itfWidths(bad)).toThrow(RangeError);
  });

  // A known example, from the standard's table: "12" is start nnnn, then 1 (WnnnW) in the bars
  // interleaved with 2 (nWnnW) in the spaces, then the stop Wnn.
  it('draws "12" as the standard\'s table gives it', () => {
    expect(itfWidths('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
  });

  it('a sandbox boleto\'s 44-digit barcode is 405 modules, its digits read back', () => {
    const { barcode } = boleto({ dueDate: '2030-01-10', cents: 12990, freeField: '1234567890123456789012345' });
    const widths = itfWidths(barcode);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(405);
    expect(decode(widths)).toBe(barcode);
  });
});

describe('itfSvg', () => {
  it('draws one rectangle per bar, at the widths\' places, inside the quiet zones, hidden from assistive technology', () => {
    fc.assert(fc.property(evenDigits, (code) => {
      const svg = itfSvg(code);
      const widths = itfWidths(code);
      const [, , width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
      expect(width).toBe(widths.reduce((a, b) => a + b, 0) + 2 * QUIET);
      const rects = [...svg.querySelector('path')!.getAttribute('d')!.matchAll(/M(\d+) 0h(\d+)v(\d+)h-(\d+)z/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
      let x = QUIET;
      const expected: number[][] = [];
      widths.forEach((w, i) => { if (i % 2 === 0) expected.push([x, w, height!]); x += w; });
      expect(rects).toEqual(expected);
      expect(x + QUIET).toBe(width);
      expect(svg.getAttribute('aria-hidden')).toBe('true');
    }), { numRuns: 50 });
  });
});
