import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatExpiryInput, isExpired, isTooFar, parseExpiry } from '../../src/element/expiry.js';

describe('parseExpiry', () => {
  it('reads MM/AA, MM/AAAA, YYYY-MM, "MM / YYYY", M/AA and packed digits', () => {
    for (const text of ['03/30', '03/2030', '2030-03', '03 / 2030', '3/30', '0330', '032030', '2030-3', '０３／３０', ' 03-30 ']) {
      expect(parseExpiry(text), text).toEqual({ month: 3, year: 2030 });
    }
  });

  it('refuses months outside 1-12 and partial values', () => {
    for (const text of ['13/30', '00/30', '03/3', '03/203', '', 'MM/AA', '2030-13', '03/30/1']) {
      expect(parseExpiry(text), text).toBeUndefined();
    }
  });

  it('gives the same answer for every format of any month and year (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2099 }), (month, year) => {
      const mm = String(month).padStart(2, '0');
      const yy = String(year).slice(2);
      for (const text of [`${mm}/${yy}`, `${mm}/${year}`, `${year}-${mm}`, `${mm} / ${year}`, `${mm}${yy}`]) {
        expect(parseExpiry(text)).toEqual({ month, year });
      }
    }));
  });
});

describe('isExpired', () => {
  it('is valid through the last day of the month', () => {
    const utc = (...parts: [number, number, number?, number?, number?, number?]) => new Date(Date.UTC(...parts));
    expect(isExpired({ month: 3, year: 2030 }, utc(2030, 2, 31, 23, 59, 59))).toBe(false);
    expect(isExpired({ month: 3, year: 2030 }, utc(2030, 3, 1, 0, 0, 0))).toBe(true);
    expect(isExpired({ month: 12, year: 2029 }, utc(2029, 11, 31))).toBe(false);
    expect(isExpired({ month: 12, year: 2029 }, utc(2030, 0, 1))).toBe(true);
    expect(isExpired({ month: 1, year: 2031 }, utc(2030, 11, 15))).toBe(false);
  });

  it('flags years implausibly far ahead', () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    expect(isTooFar({ month: 1, year: 2046 }, now)).toBe(false);
    expect(isTooFar({ month: 1, year: 2047 }, now)).toBe(true);
  });
});

describe('formatExpiryInput', () => {
  it('shows autofilled and pasted whole values as MM/AA', () => {
    expect(formatExpiryInput('2030-03', true)).toBe('03/30');
    expect(formatExpiryInput('03 / 2030', true)).toBe('03/30');
    expect(formatExpiryInput('3/2030', true)).toBe('03/30');
  });

  it('adds the slash while typing and pads a month that cannot take a second digit', () => {
    expect(formatExpiryInput('0', false)).toBe('0');
    expect(formatExpiryInput('03', false)).toBe('03');
    expect(formatExpiryInput('033', false)).toBe('03/3');
    expect(formatExpiryInput('0330', false)).toBe('03/30');
    expect(formatExpiryInput('4', false)).toBe('04');
    expect(formatExpiryInput('1/', false)).toBe('01/');
    expect(formatExpiryInput('03/2030', false)).toBe('03/2030');
    expect(formatExpiryInput('03/20301', false)).toBe('03/2030');
    expect(formatExpiryInput('ab', false)).toBe('');
  });
});
