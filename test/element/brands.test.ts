import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANDS, detectBrand } from '../../src/shared/brands.js';
import { groupDigits } from '../../src/element/format.js';
import { luhnValid } from '../../src/element/luhn.js';
import { cardNumber } from './card-numbers.js';

const id = (digits: string) => detectBrand(digits)?.id;

// One Luhn-valid number per brand, from prefixes in the documented table.
const SAMPLES: Record<string, string[]> = {
  elo: [cardNumber('636368', 16), cardNumber('509000', 16), cardNumber('650405', 16), cardNumber('401178', 16), cardNumber('457393', 16)],
  hipercard: [cardNumber('606282', 16)],
  hiper: [cardNumber('637095', 16), cardNumber('63737423', 16), cardNumber('637612', 16)],
  visa: ['4111111111111111', '4012888888881881', cardNumber('4', 13)],
  mastercard: ['5555555555554444', '2223003122003222', cardNumber('2720', 16)],
  amex: ['378282246310005', '371449635398431'],
  diners: ['30569309025904', '38520000023237', '36227206271667'],
  discover: ['6011111111111117', cardNumber('644', 16), cardNumber('6501', 16)],
  jcb: ['3530111333300000', cardNumber('3589', 16), cardNumber('2131', 16), cardNumber('1800', 16)],
  aura: [cardNumber('507860', 19), cardNumber('501234', 16)],
  cabal: [cardNumber('604201', 16), cardNumber('604219', 16), cardNumber('6043', 16), cardNumber('604400', 16), cardNumber('627170', 16)],
};

describe('detectBrand', () => {
  it('recognises every brand of the table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(BRANDS.map((b) => b.id).sort());
    for (const [brand, numbers] of Object.entries(SAMPLES)) {
      for (const number of numbers) {
        expect(luhnValid(number)).toBe(true);
        expect(id(number), number).toBe(brand);
        expect(detectBrand(number)!.lengths, number).toContain(number.length);
      }
    }
  });

  it('stays unknown on ambiguous prefixes until enough digits decide', () => {
    expect(id('4')).toBeUndefined(); // Visa, or Elo 401178...
    expect(id('4011')).toBeUndefined();
    expect(id('40117')).toBeUndefined();
    expect(id('401178')).toBe('elo');
    expect(id('401177')).toBe('visa');
    expect(id('41')).toBe('visa'); // no Elo prefix starts with 41
    expect(id('45')).toBeUndefined(); // Elo 451416, 457393...
    expect(id('6')).toBeUndefined();
    expect(id('65')).toBeUndefined(); // Discover, or Elo 650031...
    expect(id('6500')).toBeUndefined();
    expect(id('650031')).toBe('elo');
    expect(id('650034')).toBe('discover');
    expect(id('6062')).toBeUndefined(); // Hipercard 606282 not reached yet
    expect(id('606282')).toBe('hipercard');
    expect(id('6373742')).toBeUndefined(); // Hiper 63737423 needs 8 digits
    expect(id('63737423')).toBe('hiper');
    expect(id('50')).toBeUndefined(); // Aura, or Elo 504175 / 5066.. / 509...
    expect(id('5')).toBeUndefined();
    expect(id('51')).toBe('mastercard');
    expect(id('3')).toBeUndefined();
    expect(id('34')).toBe('amex');
    expect(id('36')).toBe('diners');
    expect(id('35')).toBeUndefined();
    expect(id('3528')).toBe('jcb');
  });

  it('follows the Elo ranges to their edges', () => {
    const edges: [string, string | undefined][] = [
      ['506699', 'elo'], ['506778', 'elo'], ['506698', 'aura'], ['506779', 'aura'],
      ['509000', 'elo'], ['509999', 'elo'],
      ['650031', 'elo'], ['650033', 'elo'], ['650034', 'discover'], ['650035', 'elo'], ['650051', 'elo'], ['650052', 'discover'],
      ['650405', 'elo'], ['650439', 'elo'], ['650440', 'discover'], ['650485', 'elo'], ['650538', 'elo'], ['650539', 'discover'],
      ['650541', 'elo'], ['650598', 'elo'], ['650700', 'elo'], ['650718', 'elo'], ['650719', 'discover'], ['650720', 'elo'],
      ['650727', 'elo'], ['650901', 'elo'], ['650978', 'elo'], ['650979', 'discover'], ['651652', 'elo'], ['651679', 'elo'],
      ['651680', 'discover'], ['655000', 'elo'], ['655019', 'elo'], ['655020', 'discover'], ['655021', 'elo'], ['655058', 'elo'],
      ['655059', 'discover'], ['627780', 'elo'], ['636297', 'elo'], ['504175', 'elo'], ['438935', 'elo'], ['431274', 'elo'],
      ['451416', 'elo'], ['457631', 'elo'], ['457632', 'elo'], ['457633', 'visa'],
    ];
    for (const [digits, brand] of edges) expect(id(digits), digits).toBe(brand);
  });

  it('gives Amex a 4-digit code and 4-6-5 grouping, Diners 4-6-4, the others 3 digits', () => {
    expect(detectBrand('34')!.code).toEqual({ size: 4 });
    expect(detectBrand('34')!.gaps).toEqual([4, 10]);
    expect(detectBrand('36')!.gaps).toEqual([4, 10]);
    for (const brand of BRANDS.filter((b) => b.id !== 'amex')) expect(brand.code.size, brand.id).toBe(3);
  });

  it('groups the 4-digit brands\' longest numbers 4-4-4-4-3, as a 19-digit card prints them', () => {
    const grouped = BRANDS.filter((brand) => brand.gaps[1] === 8)
      .map((brand) => [brand.id, groupDigits('0'.repeat(Math.max(...brand.lengths)), brand.gaps)]);
    expect(grouped.filter(([, text]) => text!.split(' ').some((group) => group.length > 4))).toEqual([]);
    expect(groupDigits(SAMPLES.aura![0]!, detectBrand('507860')!.gaps)).toMatch(/^\d{4}( \d{4}){3} \d{3}$/);
  });

  it('is unknown for no digits or non-digits', () => {
    for (const text of ['', ' ', '4111 1111', 'abc', '９']) expect(detectBrand(text)).toBeUndefined();
  });

  it('never changes its mind once decided (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,19}$/), fc.nat(), (digits, cut) => {
      const prefix = digits.slice(0, 1 + (cut % digits.length));
      const early = id(prefix);
      if (early) expect(id(digits)).toBe(early);
    }), { numRuns: 2000 });
  });
});
