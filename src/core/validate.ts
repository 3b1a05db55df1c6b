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
 * The five card fields in the order of the error table (API reference 4.9), each with what
 * it must match once normalised: trimmed, the number without any white space. Hyphens
 * and other separators are refused.
 */
const FIELDS = [
  ['HOLDER', 'holder', 'a name of 1 to 255 characters', /^[^]{1,255}$/],
  ['NUMBER', 'number', '13 to 19 digits (spaces allowed)', /^\d{13,19}$/],
  ['EXPIRATION_MONTH', 'expMonth', 'a month from 1 to 12', /^(0?[1-9]|1[0-2])$/],
  ['EXPIRATION_YEAR', 'expYear', '4 digits', /^\d{4}$/],
  ['SECURITY_CODE', 'securityCode', '3 or 4 digits', /^\d{3,4}$/],
] as const;

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
  fieldError('INVALID_PUBLIC_KEY', 'publicKey', 'a PEM RSA public key (SPKI or PKCS#1) of at least 2048 bits', value);

export function validateCard(input: unknown): Validation {
  const errors: CardError[] = [];
  const [holderName, cardNumber, month, year, cardCvv] = FIELDS.map(([code, field, expected, pattern]) => {
    const value = read(input, field);
    // Whole numbers are accepted for month and year (a <select> or number input gives them); objects are never coerced.
    const text =
      typeof value === 'string'
        ? field === 'number' ? value.replace(/\s/g, '') : value.trim()
        : field[0] === 'e' && Number.isSafeInteger(value) ? String(value) : '';
    if (!pattern.test(text)) errors.push(fieldError(`INVALID_${code}`, field, expected, value));
    return text;
  }) as [string, string, string, string, string];

  // One INVALID_PUBLIC_KEY at most: the key material is the pair publicKey + keyId (TOKEN-FORMAT.md "Keys").
  const publicKey = read(input, 'publicKey');
  const keyId = read(input, 'keyId') ?? DEFAULT_KEY_ID;
  const keyError =
    typeof publicKey !== 'string' || !publicKey.trim() || publicKey.length > MAX_PEM
      ? publicKeyError(publicKey)
      : typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)
        ? fieldError('INVALID_PUBLIC_KEY', 'keyId', '1 to 64 of A-Z a-z 0-9 . _ -', keyId)
        : null;
  if (keyError) errors.push(keyError);

  return {
    errors,
    payload: { holderName, cardNumber, cardExpiration: `${month.padStart(2, '0')}/${year}`, cardCvv },
    keyId: keyError ? '' : (keyId as string),
    publicKey: keyError ? '' : (publicKey as string),
  };
}
