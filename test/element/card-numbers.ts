// Test helpers (Vitest and e2e), independent of src/element/luhn.ts on purpose.
/** The Luhn check digit that completes `body` (digits only). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid number of `length` digits starting with `prefix`. */
export function cardNumber(prefix: string, length: number): string {
  const body = prefix.padEnd(length - 1, '0');
  return body + luhnCheckDigit(body);
}

/** A year that stays in the future (this year + 3): a fixed one would make the element flag the card expired. */
export const FUTURE_YEAR = new Date().getFullYear() + 3;
/** MM/YY in FUTURE_YEAR, as the expiry input shows it. */
export const futureExpiry = (month = '03'): string => `${month}/${String(FUTURE_YEAR).slice(2)}`;
