// CPF and CNPJ check digits, against an independent formulation of the rule
// (the "multiply by 10, mod 11, mod 10" form) on generated documents.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDoc } from '../../packages/sandbox/base/tax-doc.js';

/** The check digit as the Receita's "(sum * 10) mod 11 mod 10" form; weights count down from `top`, wrapping 2..9 for CNPJ. */
const digitOf = (digits: number[], weights: number[]) => (digits.reduce((s, d, i) => s + d * weights[i]!, 0) * 10) % 11 % 10;
const cpfWeights = (n: number) => Array.from({ length: n }, (_, i) => n + 1 - i);
const cnpjWeights = (n: number) => Array.from({ length: n }, (_, i) => ((n - 1 - i) % 8) + 2);

const completeCpf = (base: number[]) => { const d1 = digitOf(base, cpfWeights(9)); return [...base, d1, digitOf([...base, d1], cpfWeights(10))]; };
const completeCnpj = (base: number[]) => { const d1 = digitOf(base, cnpjWeights(12)); return [...base, d1, digitOf([...base, d1], cnpjWeights(13))]; };
const notAllSame = (digits: number[]) => new Set(digits).size > 1;

describe('doc (CPF / CNPJ)', () => {
  it('known documents: valid with or without punctuation; one digit off, letters, other lengths or one repeated digit are not', () => {
    for (const valid of ['529.982.247-25', '52998224725', '111.444.777-35', '11.222.333/0001-81', '11222333000181', ' 11.444.777/0001-61 '])
      expect(isValidDoc(valid), valid).toBe(true);
    for (const invalid of ['529.982.247-26', '11.222.333/0001-82', '5299822472', '111.111.111-11', '00000000000000', '52998224725a', '', '529,982,247-25'])
      expect(isValidDoc(invalid), invalid).toBe(false);
  });

  it('agrees with the independent rule on generated documents, valid ones and one-digit changes of them', () => {
    const base = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
    const valid = fc.oneof(base(9).map(completeCpf), base(12).map(completeCnpj));
    const changed = fc.tuple(valid, fc.nat(), fc.integer({ min: 1, max: 9 })).map(([doc, at, delta]) => {
      const copy = [...doc];
      copy[at % copy.length] = (copy[at % copy.length]! + delta) % 10;
      return copy;
    });
    const expected = (doc: number[]) => notAllSame(doc) &&
      (doc.length === 11 ? completeCpf(doc.slice(0, 9)) : completeCnpj(doc.slice(0, 12))).join('') === doc.join('');
    fc.assert(fc.property(fc.oneof(valid, changed, base(11), base(14)), (doc) => {
      expect(isValidDoc(doc.join(''))).toBe(expected(doc));
    }), { numRuns: 5_000 });
  });

  it('a changed check digit is always refused', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), fc.boolean(), fc.integer({ min: 1, max: 9 }), (base, last, delta) => {
      const doc = completeCpf(base);
      fc.pre(notAllSame(doc));
      doc[last ? 10 : 9] = (doc[last ? 10 : 9]! + delta) % 10;
      expect(isValidDoc(doc.join(''))).toBe(false);
    }), { numRuns: 1_000 });
  });
});
