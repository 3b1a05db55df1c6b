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

/** What came, without its content: card data is never echoed. */
function got(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  return value ? `${value.length} characters` : 'an empty string';
}

/** Whole numbers are accepted for month and year (a `<select>` or a number input may give them). */
const text = (value: unknown): unknown =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : value;

export function validateCard(input: unknown): Validation {
  const errors: CardError[] = [];
  const fail = (code: ErrorCode, field: CardField, expected: string, value: unknown) =>
    errors.push({ code, field, message: `${field}: expected ${expected}, got ${got(value)}` });

  const holder = read(input, 'holder');
  const holderName = typeof holder === 'string' ? holder.trim() : '';
  if (!holderName || holderName.length > MAX_HOLDER) fail('INVALID_HOLDER', 'holder', `a name of 1 to ${MAX_HOLDER} characters`, holder);

  const number = read(input, 'number');
  const cardNumber = typeof number === 'string' && number.length < 64 ? number.replace(/\s/g, '') : '';
  if (!/^\d{13,19}$/.test(cardNumber)) fail('INVALID_NUMBER', 'number', '13 to 19 digits (spaces allowed)', number);

  const month = text(read(input, 'expMonth'));
  const monthValid = typeof month === 'string' && /^\d{1,2}$/.test(month) && +month >= 1 && +month <= 12;
  if (!monthValid) fail('INVALID_EXPIRATION_MONTH', 'expMonth', 'a month from 1 to 12', month);

  const year = text(read(input, 'expYear'));
  if (typeof year !== 'string' || !/^\d{4}$/.test(year)) fail('INVALID_EXPIRATION_YEAR', 'expYear', 'exactly 4 digits', year);

  const code = read(input, 'securityCode');
  const cardCvv = typeof code === 'string' ? code.trim() : '';
  if (!/^\d{3,4}$/.test(cardCvv)) fail('INVALID_SECURITY_CODE', 'securityCode', '3 or 4 digits', code);

  const publicKey = read(input, 'publicKey');
  const keyIdValue = read(input, 'keyId');
  const keyId = keyIdValue == null ? DEFAULT_KEY_ID : keyIdValue;
  if (typeof publicKey !== 'string' || !publicKey.trim() || publicKey.length > MAX_PEM) {
    fail('INVALID_PUBLIC_KEY', 'publicKey', 'a PEM RSA public key', publicKey);
  } else if (typeof keyId !== 'string' || !KEY_ID_PATTERN.test(keyId)) {
    fail('INVALID_PUBLIC_KEY', 'keyId', '1 to 64 of A-Z a-z 0-9 . _ -', keyId);
  }

  return {
    errors,
    card: {
      holderName,
      cardNumber,
      cardExpiration: `${String(month).padStart(2, '0')}/${String(year)}`,
      cardCvv,
      keyId: String(keyId),
      publicKey: typeof publicKey === 'string' ? publicKey : '',
    },
  };
}
