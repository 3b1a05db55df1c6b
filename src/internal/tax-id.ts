// Brazilian taxpayer numbers: CPF (people, 11 digits) and CNPJ (companies, 14
// digits), each ending in two mod-11 check digits (Receita Federal's rules). Shared by
// the element's holder-document field and the sandbox's `client.doc` (API reference
// 2.5: digits only, a valid CPF or CNPJ). Only the all-digit CNPJ is accepted: the
// reference says digits only.

/** Which kind of document a string of digits is, by its length. */
export type TaxIdKind = 'cpf' | 'cnpj';

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

// The check digit over `body` with the last `body.length` weights: 11 - (sum mod 11), 0 for 10 and 11.
function checkDigit(body: string, weights: readonly number[]): number {
  const offset = weights.length - body.length;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(i) - 48) * weights[offset + i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

// Both check digits of `digits` match, and it is not one digit repeated (those pass the
// arithmetic but are never issued: 000.000.000-00, 111.111.111-11, ...).
function checksOut(digits: string, length: number, weights: readonly number[]): boolean {
  if (digits.length !== length || !/^\d+$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  const first = checkDigit(digits.slice(0, length - 2), weights);
  const second = checkDigit(digits.slice(0, length - 1), weights);
  return digits.charCodeAt(length - 2) - 48 === first && digits.charCodeAt(length - 1) - 48 === second;
}

/**
 * True for an 11-digit CPF whose check digits are right.
 *
 * @example
 * isValidCpf('52998224725'); // true
 * isValidCpf('11111111111'); // false (repeated digits)
 */
export const isValidCpf = (digits: string): boolean => checksOut(digits, 11, CPF_WEIGHTS);

/**
 * True for a 14-digit CNPJ whose check digits are right.
 *
 * @example
 * isValidCnpj('11222333000181'); // true
 */
export const isValidCnpj = (digits: string): boolean => checksOut(digits, 14, CNPJ_WEIGHTS);

/**
 * The kind of a valid document, or null when `digits` is neither a valid CPF nor CNPJ.
 *
 * @example
 * taxIdKind('11222333000181'); // 'cnpj'
 */
export function taxIdKind(digits: string): TaxIdKind | null {
  if (isValidCpf(digits)) return 'cpf';
  if (isValidCnpj(digits)) return 'cnpj';
  return null;
}

/**
 * Appends the two check digits to a CPF body (9 digits) or CNPJ body (12 digits):
 * how test data and documented examples are made.
 *
 * @example
 * withCheckDigits('529982247'); // '52998224725'
 */
export function withCheckDigits(body: string): string {
  const weights = body.length === 9 ? CPF_WEIGHTS : body.length === 12 ? CNPJ_WEIGHTS : null;
  if (!weights || !/^\d+$/.test(body)) throw new RangeError(`"body" expected 9 (CPF) or 12 (CNPJ) digits, got length=${body.length}`);
  const first = String(checkDigit(body, weights));
  return body + first + String(checkDigit(body + first, weights));
}
