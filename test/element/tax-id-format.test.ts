import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTaxIdEdit, maskTaxId } from '../../src/element/tax-id-format.js';

describe('CPF / CNPJ field formatting', () => {
  it('masks as a CPF up to 11 digits and as a CNPJ beyond', () => {
    expect(['529', '5299', '5299822', '52998224725', '112223330001', '11222333000181'].map(maskTaxId)).toEqual([
      '529', '529.9', '529.982.2', '529.982.247-25', '11.222.333/0001', '11.222.333/0001-81',
    ]);
  });

  it('keeps 14 digits at most, folding full-width digits and dropping other characters', () => {
    expect(formatTaxIdEdit('１１.222.333/0001-8199', 22)).toEqual({ digits: '11222333000181', text: '11.222.333/0001-81', caret: 18 });
  });

  it('keeps the caret after the digit it followed, for any text and caret', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('1', '5', '.', '-', '/', ' ', 'a') , maxLength: 24 }), fc.nat(), (raw, at) => {
      const caret = at % (raw.length + 1);
      const edit = formatTaxIdEdit(raw, caret);
      const digitsBeforeCaret = raw.slice(0, caret).replace(/\D/g, '').length;
      expect(edit.text.replace(/\D/g, '')).toBe(edit.digits);
      expect(edit.text.slice(0, edit.caret).replace(/\D/g, '').length).toBe(Math.min(digitsBeforeCaret, edit.digits.length));
      // Formatting is stable: formatting the result again changes nothing.
      expect(formatTaxIdEdit(edit.text, edit.caret)).toEqual(edit);
    }));
  });
});
