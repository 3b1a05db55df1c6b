// Boleto (FEBRABAN): the 44-digit barcode and the 47-digit linha digitável.
// Barcode: bank(3) currency 9, general check digit (mod 11), due factor(4),
// amount in cents(10), free field(25). Line: three fields of the barcode with
// a mod-10 digit each, the general digit, then factor and amount.

const DAY = 86_400_000;
const BASE = Date.UTC(1997, 9, 7);

/** Days since 1997-10-07; past 9999 it restarts at 1000 (FEBRABAN, from 2025-02-22). */
export function dueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - BASE) / DAY);
  return String(days > 9999 ? ((days - 10000) % 9000) + 1000 : days).padStart(4, '0');
}

/** Mod 10 (weights 2, 1 from the right; two-digit products add their digits). */
export function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const product = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general digit: mod 11, weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => { sum += Number(d) * ((i % 8) + 2); });
  const digit = 11 - (sum % 11);
  return digit === 0 || digit >= 10 ? 1 : digit;
}

export interface Boleto { barcode: string; digitableLine: string }

/** The most a boleto carries: its value field has 10 digits of cents (R$ 99,999,999.99). */
export const BOLETO_MAX_CENTS = 9_999_999_999;

export function boleto({ bank = '001', dueDate, cents, freeField }: { bank?: string; dueDate: string; cents: number; freeField: string }): Boleto {
  if (!/^\d{25}$/.test(freeField) || !/^\d{3}$/.test(bank) || cents > BOLETO_MAX_CENTS) throw new RangeError('boleto: bank 3 digits, free field 25 digits, amount under 10^10 cents');
  const rest = `${dueFactor(dueDate)}${String(cents).padStart(10, '0')}${freeField}`;
  const head = `${bank}9`;
  const barcode = `${head}${mod11(head + rest)}${rest}`;
  const withDigit = (part: string) => `${part}${mod10(part)}`;
  const digitableLine = [withDigit(head + freeField.slice(0, 5)), withDigit(freeField.slice(5, 15)), withDigit(freeField.slice(15, 25)), barcode[4], barcode.slice(5, 19)].join('');
  return { barcode, digitableLine };
}
