// CPF (11 digits) and CNPJ (14 digits): the document of a Brazilian person or
// company, normalized to digits and checked by its two mod-11 check digits.

/** The digits of a document as written (`123.456.789-09` -> `12345678909`). */
export const docDigits = (text: string): string => text.replace(/\D/g, '');

const checkDigit = (digits: string, weights: number[]): number => {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

const allSame = (digits: string) => /^(\d)\1*$/.test(digits);

export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || allSame(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || allSame(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** A CPF or CNPJ once punctuation (dots, dashes, slashes, spaces) is removed; letters make it invalid. */
export function isValidDoc(text: string): boolean {
  if (/[^\d.\-/\s]/.test(text)) return false;
  const digits = docDigits(text);
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}

/** INDIVIDUAL for a CPF, COMPANY for a CNPJ (2.5 client type). */
export const clientTypeOf = (digits: string): 'INDIVIDUAL' | 'COMPANY' => (digits.length === 11 ? 'INDIVIDUAL' : 'COMPANY');
