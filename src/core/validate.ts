// The field rules of API reference 4.9 (and TOKEN-FORMAT.md for keyId).
// Pure and synchronous: whether the PEM or JWK really is an RSA key >= 2048 bits is
// decided by public-key.ts, which needs WebCrypto.
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS } from '../internal/card-rules.js';
import { readMember } from '../internal/members.js';
import { DEFAULT_KEY_ID, KEY_ID_PATTERN } from '../internal/token-format.js';
import { readJwk } from './jwk.js';
import type { KeyMaterial } from './public-key.js';
import type { CardError, CardField, CardErrorCode } from './types.js';

/** The card members of the plaintext, TOKEN-FORMAT.md step 1. */
export interface CardPayload {
  holderName: string;
  cardNumber: string;
  cardExpiration: string;
  cardCvv: string;
}

/** 'HOLDER' for 'INVALID_HOLDER', and so on. */
type CodeSuffix<Code = CardErrorCode> = Code extends `INVALID_${infer Suffix}` ? Suffix : never;

// payload and keyId matter only when errors is empty.
export type Validation = [errors: CardError[], payload: CardPayload, keyId: string, publicKey: KeyMaterial];

/**
 * The five card fields in the order of the error table (API reference 4.9), each with the
 * length it must have once normalised: trimmed, the number without any white space. All but
 * the holder are digits only; hyphens and other separators are refused. Checked by plain
 * loops, not regular expressions: compiling those was most of a first call's cost in a fresh page.
 */
const FIELDS = [
  ['HOLDER', 'holder', '1-255 characters', 1, 255],
  ['NUMBER', 'number', `${CARD_NUMBER_MIN_DIGITS}-${CARD_NUMBER_MAX_DIGITS} digits`, CARD_NUMBER_MIN_DIGITS, CARD_NUMBER_MAX_DIGITS],
  ['EXPIRATION_MONTH', 'expMonth', '1-12', 1, 2],
  ['EXPIRATION_YEAR', 'expYear', '4 digits', 4, 4],
  ['SECURITY_CODE', 'securityCode', `${CVV_MIN_DIGITS}-${CVV_MAX_DIGITS} digits`, CVV_MIN_DIGITS, CVV_MAX_DIGITS],
] as const;

/**
 * The digits of a trimmed text; white space inside (the set \s matches, which trim removes) is
 * dropped when `spaced`. '' for anything else, and past the longest card number (too many: it stops early).
 */
function digitsOf(text: string, spaced: boolean): string {
  let digits = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') digits += char;
    else if (!spaced || char.trim()) return '';
    if (digits[CARD_NUMBER_MAX_DIGITS]) return '';
  }
  return digits;
}

/**
 * The error of one field, code `INVALID_<code>`: the message says what was expected and what
 * came, by type and length only (never card data).
 */
export const fieldError = (code: CodeSuffix, field: CardField, expected: string, value: unknown): CardError => ({
  code: `INVALID_${code}` as CardErrorCode,
  field,
  message: `${field}: expected ${expected}, got ${
    typeof value === 'string' ? `a string of length ${value.length}` : value === null ? 'null' : typeof value
  }`,
});

export const publicKeyError = (value: unknown): CardError =>
  fieldError('PUBLIC_KEY', 'publicKey', `a ${typeof value == 'object' ? 'JWK of an' : 'PEM'} RSA public key of 2048+ bits`, value);

/** The errors, the plaintext's card members, the keyId, and the key to import ('' when the key or keyId was reported). */
export function validateCard(input: unknown): Validation {
  const errors: CardError[] = [];
  const [holderName, cardNumber, month, year, cardCvv] = FIELDS.map(([code, field, expected, min, max]) => {
    const value = readMember(input, field);
    // Whole numbers are accepted for month and year (a <select> or number input gives them); objects are never coerced.
    // (An integer too large to be exact has too many digits, or an exponent, for either: refused all the same.)
    let text = typeof value === 'string' ? value.trim() : field[0] === 'e' && Number.isInteger(value) ? String(value) : '';
    if (field !== 'holder') text = digitsOf(text, field === 'number');
    const valid = text.length >= min && text.length <= max && (field !== 'expMonth' || (+text > 0 && +text < 13));
    if (!valid) errors.push(fieldError(code, field, expected, value));
    return text;
  }) as [string, string, string, string, string];

  // One INVALID_PUBLIC_KEY at most: the key material is the pair publicKey + keyId (TOKEN-FORMAT.md "Keys").
  // A PEM over 16 KiB is longer than any real key: refused before a regular expression sees it, and
  // the bound keeps every DER length of public-key.ts within two bytes.
  // A JWK's kid is the keyId unless one is given.
  const publicKey = readMember(input, 'publicKey');
  const jwk = publicKey !== null && typeof publicKey === 'object' ? readJwk(publicKey as Record<string, unknown>) : undefined;
  const keyId = readMember(input, 'keyId') ?? (typeof jwk === 'object' ? jwk.kid : undefined) ?? DEFAULT_KEY_ID;
  let key: KeyMaterial = '';
  if (typeof jwk === 'string') errors.push({ code: 'INVALID_PUBLIC_KEY', field: 'publicKey', message: `publicKey: expected a public JWK (kty RSA, alg RSA-OAEP-256, use enc, n, e), got ${jwk}` });
  else if (!jwk && (typeof publicKey !== 'string' || !publicKey.trim() || publicKey.length > 16384)) errors.push(publicKeyError(publicKey));
  else if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) errors.push(fieldError('PUBLIC_KEY', 'keyId', '1-64 of A-Za-z0-9._-', keyId));
  else if (jwk && jwk.kid !== undefined && jwk.kid !== keyId) errors.push(fieldError('PUBLIC_KEY', 'keyId', "the JWK's kid", keyId));
  else key = jwk ?? (publicKey as string);
  const payload = { holderName, cardNumber, cardExpiration: `${month.padStart(2, '0')}/${year}`, cardCvv };
  return [errors, payload, keyId as string, key];
}
