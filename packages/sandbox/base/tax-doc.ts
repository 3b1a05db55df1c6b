// CPF (11 digits) and CNPJ (14 digits): the document of a Brazilian person or
// company, normalized to digits and checked by its two mod-11 check digits
// (one rule for the whole project: src/internal/tax-id.ts, exported by svc-card/server).
import { isValidCnpj, isValidCpf } from 'svc-card/server';

/** The digits of a document as written (`123.456.789-09` -> `12345678909`). */
export const docDigits = (text: string): string => text.replace(/\D/g, '');

/** A CPF or CNPJ once punctuation (dots, dashes, slashes, spaces) is removed; letters make it invalid. */
export function isValidDoc(text: string): boolean {
  if (/[^\d.\-/\s]/.test(text)) return false;
  const digits = docDigits(text);
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}

/** INDIVIDUAL for a CPF, COMPANY for a CNPJ (2.5 client type). */
export const clientTypeOf = (digits: string): 'INDIVIDUAL' | 'COMPANY' => (digits.length === 11 ? 'INDIVIDUAL' : 'COMPANY');
