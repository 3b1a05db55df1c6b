// The Luhn (mod 10) check every card number carries in its last digit (ISO/IEC 7812-1).

/**
 * True when a string of ASCII digits passes the Luhn check. Non-digit input is false.
 *
 * @example
 * luhnValid('4111111111111111'); // true
 * luhnValid('4111111111111112'); // false
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
