import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, taxIdKind, withCheckDigits } from '../../src/internal/tax-id.js';

// Examples published in Brazilian tutorials and validators (the Receita's own arithmetic),
// written here with their punctuation removed.
const VALID_CPF = ['52998224725', '11144477735', '16899535009'];
const VALID_CNPJ = ['11222333000181', '11444777000161', '00000000000191' /* Banco do Brasil */, '60701190000104' /* Itaú Unibanco */];

describe('CPF and CNPJ check digits', () => {
  it('accepts the published valid examples', () => {
    for (const cpf of VALID_CPF) expect([cpf, isValidCpf(cpf), taxIdKind(cpf)]).toEqual([cpf, true, 'cpf']);
    for (const cnpj of VALID_CNPJ) expect([cnpj, isValidCnpj(cnpj), taxIdKind(cnpj)]).toEqual([cnpj, true, 'cnpj']);
  });

  it('refuses a wrong check digit, a repeated digit, a wrong length or non-digits', () => {
    for (const bad of ['52998224724', '11144477736', '11222333000180', '11444777000171']) expect(taxIdKind(bad), bad).toBeNull();
    for (let d = 0; d <= 9; d++) {
      expect(isValidCpf(String(d).repeat(11))).toBe(false);
      expect(isValidCnpj(String(d).repeat(14))).toBe(false);
    }
    for (const bad of ['', '5299822472', '529982247250', '529.982.247-25', '５２９９８２２４７２５', '1122233300018a']) {
      expect(taxIdKind(bad), bad).toBeNull();
    }
  });

  it('makes the check digits of any body, and a changed check digit is refused', () => {
    fc.assert(fc.property(fc.oneof(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{12}$/)), fc.integer({ min: 1, max: 9 }), fc.boolean(), (body, shift, last) => {
      fc.pre(!/^(\d)\1*$/.test(body));
      const full = withCheckDigits(body);
      const valid = body.length === 9 ? isValidCpf : isValidCnpj;
      expect(valid(full)).toBe(true);
      const at = full.length - (last ? 1 : 2);
      const changed = full.slice(0, at) + String((Number(full[at]) + shift) % 10) + full.slice(at + 1);
      expect(valid(changed)).toBe(false);
    }));
  });

  it('names the expected lengths when asked for check digits of a wrong body', () => {
    expect(() => withCheckDigits('1234')).toThrow('"body" expected 9 (CPF) or 12 (CNPJ) digits, got length=4');
  });
});
