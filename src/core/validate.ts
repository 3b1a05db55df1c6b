// The field rules of API reference 4.9 (and TOKEN-FORMAT.md for keyId).
// Pure and synchronous: whether the PEM really is an RSA key >= 2048 bits is
// decided by public-key.ts, which needs WebCrypto.
import { DEFAULT_KEY_ID, KEY_ID_PATTERN } from './envelope.js';
import type { CardError, CardField, ErrorCode } from './types.js';

/** The open card, normalised as TOKEN-FORMAT.md step 1 puts it in the plaintext. */
export interface NormalisedCard {
  holderName: string;
  cardNumber: string;
  cardExpiration: string;
  cardCvv: string;
  keyId: string;
  /** The PEM to import, or '' when publicKey or keyId was already reported. */
  publicKey: string;
}

export interface Validation {
  errors: CardError[];
  card: NormalisedCard;
}

// Longer than any real value: rejected before a regular expression sees it.
const MAX_HOLDER = 255;
const MAX_PEM = 16384;

/** A member's value, or undefined when the input is not an object or the getter throws. */
function read(input: unknown, key: string): unknown {
  try {
    return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** The trimmed text of a string, a whole number as text (a `<select>` may give one), else ''. Never coerces objects. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : Number.isSafeInteger(value) ? String(value) : '';

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
  const check = (valid: boolean, code: ErrorCode, field: CardField, expected: string, value: unknown) => {
    if (!valid) errors.push(fieldError(code, field, expected, value));
  };

  const holder = read(input, 'holder');
  const holderName = typeof holder === 'string' ? holder.trim() : '';
  check(!!holderName && holderName.length <= MAX_HOLDER, 'INVALID_HOLDER', 'holder', `a name of 1 to ${MAX_HOLDER} characters`, holder);

  // All white space goes (section 4.9 "spaces are removed"); hyphens and the rest are refused.
  const number = read(input, 'number');
  const cardNumber = typeof number === 'string' && number.length < 64 ? number.replace(/\s/g, '') : '';
  check(/^\d{13,19}$/.test(cardNumber), 'INVALID_NUMBER', 'number', '13 to 19 digits (spaces allowed)', number);

  const month = read(input, 'expMonth');
  const cardMonth = text(month);
  check(/^(0?[1-9]|1[0-2])$/.test(cardMonth), 'INVALID_EXPIRATION_MONTH', 'expMonth', 'a month from 1 to 12', month);

  const year = read(input, 'expYear');
  const cardYear = text(year);
  check(/^\d{4}$/.test(cardYear), 'INVALID_EXPIRATION_YEAR', 'expYear', '4 digits', year);

  const code = read(input, 'securityCode');
  const cardCvv = typeof code === 'string' ? code.trim() : '';
  check(/^\d{3,4}$/.test(cardCvv), 'INVALID_SECURITY_CODE', 'securityCode', '3 or 4 digits', code);

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
    card: {
      holderName,
      cardNumber,
      cardExpiration: `${cardMonth.padStart(2, '0')}/${cardYear}`,
      cardCvv,
      keyId: keyError ? '' : (keyId as string),
      publicKey: keyError ? '' : (publicKey as string),
    },
  };
}
