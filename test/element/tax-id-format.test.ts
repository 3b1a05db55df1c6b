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

  it('Backspace just after a "." or "-" removes the digit before it; Delete just before one, the digit after', () => {
    // '529.982.247-25' with the caret after the first '.': the browser deleted only the '.'.
    expect(formatTaxIdEdit('529982.247-25', 3, '52998224725', 'deleteContentBackward')).toEqual({ digits: '5298224725', text: '529.822.472-5', caret: 2 });
    expect(formatTaxIdEdit('529.982.24725', 11, '52998224725', 'deleteContentBackward')).toEqual({ digits: '5299822425', text: '529.982.242-5', caret: 10 });
    // Delete with the caret before the '-': the '-' went, the 2 after it goes.
    expect(formatTaxIdEdit('529.982.24725', 11, '52998224725', 'deleteContentForward')).toEqual({ digits: '5299822475', text: '529.982.247-5', caret: 11 });
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
