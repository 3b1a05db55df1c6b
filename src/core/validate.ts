// The field rules of API reference 4.9 (and TOKEN-FORMAT.md for keyId).
// Pure and synchronous: whether the PEM really is an RSA key >= 2048 bits is
// decided by public-key.ts, which needs WebCrypto.
import { DEFAULT_KEY_ID, KEY_ID_PATTERN } from './envelope.js';
import type { CardError, CardField, ErrorCode } from './types.js';

/** The card members of the plaintext, TOKEN-FORMAT.md step 1. */
export interface CardPayload {
  holderName: string;
  cardNumber: string;
  cardExpiration: string;
  cardCvv: string;
}

export interface Validation {
  errors: CardError[];
  payload: CardPayload;
  keyId: string;
  /** The PEM to import, or '' when publicKey or keyId was already reported. */
  publicKey: string;
}

// Longer than any real key: refused before a regular expression sees it, and it keeps
// every DER length of public-key.ts within two bytes.
const MAX_PEM = 16384;

/**
 * The five card fields in the order of the error table (API reference 4.9), each with the
 * length it must have once normalised: trimmed, the number without any white space. All but
 * the holder are digits only; hyphens and other separators are refused. Checked by plain
 * loops, not regular expressions: compiling those was most of a first call's cost in a fresh page.
 */
const FIELDS = [
  ['HOLDER', 'holder', '1-255 characters', 1, 255],
  ['NUMBER', 'number', '13-19 digits', 13, 19],
  ['EXPIRATION_MONTH', 'expMonth', '1-12', 1, 2],
  ['EXPIRATION_YEAR', 'expYear', '4 digits', 4, 4],
  ['SECURITY_CODE', 'securityCode', '3-4 digits', 3, 4],
] as const;

/**
 * The digits of a trimmed text; white space inside (the set \s matches, which trim removes) is
 * dropped when `spaced`. '' for anything else, and it stops at 20 digits: invalid either way.
 */
function digitsOf(text: string, spaced: boolean): string {
  let digits = '';
  for (let i = 0; i < text.length && digits.length < 20; i++) {
    if (text[i]! >= '0' && text[i]! <= '9') digits += text[i];
    else if (!spaced || text[i]!.trim()) return '';
  }
  return digits;
}

/** A member's value, or undefined when the input is not an object or the getter throws. */
function read(input: unknown, key: string): unknown {
  try {
    return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the error of one field: what was expected and what came, by type and length only (never card data). */
export const fieldError = (code: ErrorCode, field: CardField, expected: string, value: unknown): CardError => ({
  code,
  field,
  message: `${field}: expected ${expected}, got ${
    typeof value === 'string' ? `a string of length ${value.length}` : value === null ? 'null' : typeof value
  }`,
});

export const publicKeyError = (value: unknown): CardError =>
  fieldError('INVALID_PUBLIC_KEY', 'publicKey', 'a PEM RSA public key of 2048+ bits', value);

export function validateCard(input: unknown): Validation {
  const errors: CardError[] = [];
  const [holderName, cardNumber, month, year, cardCvv] = FIELDS.map(([code, field, expected, min, max]) => {
    const value = read(input, field);
    // Whole numbers are accepted for month and year (a <select> or number input gives them); objects are never coerced.
    let text = typeof value === 'string' ? value.trim() : field[0] === 'e' && Number.isSafeInteger(value) ? String(value) : '';
    if (field !== 'holder') text = digitsOf(text, field === 'number');
    const valid = text.length >= min && text.length <= max && (field !== 'expMonth' || (+text > 0 && +text < 13));
    if (!valid) errors.push(fieldError(`INVALID_${code}`, field, expected, value));
    return text;
  }) as [string, string, string, string, string];

  // One INVALID_PUBLIC_KEY at most: the key material is the pair publicKey + keyId (TOKEN-FORMAT.md "Keys").
  const publicKey = read(input, 'publicKey');
  const keyId = read(input, 'keyId') ?? DEFAULT_KEY_ID;
  const keyError =
    typeof publicKey !== 'string' || !publicKey.trim() || publicKey.length > MAX_PEM
      ? publicKeyError(publicKey)
      : typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)
        ? fieldError('INVALID_PUBLIC_KEY', 'keyId', '1-64 of A-Za-z0-9._-', keyId)
        : null;
  if (keyError) errors.push(keyError);

  return {
    errors,
    payload: { holderName, cardNumber, cardExpiration: `${month.padStart(2, '0')}/${year}`, cardCvv },
    keyId: keyError ? '' : (keyId as string),
    publicKey: keyError ? '' : (publicKey as string),
  };
}
