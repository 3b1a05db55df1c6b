// Field rules applied before anything is encrypted: the core's rules (API
// reference 4.9) plus what it cannot know: Luhn, the brand's lengths, an
// expired card, the accepted brands. "partial" means potentially valid: the
// customer may still be typing, so no error is shown until blur or submit.
import type { Brand } from '../shared/brands.js';
import { isExpired, isTooFar, parseExpiry } from './expiry.js';
import { checkDocument } from './holder-document-field.js';
import { fill, type Strings } from '../shared/i18n.js';
import { luhnValid } from './luhn.js';
import { FIELDS, type FieldName } from '../shared/fields.js';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS } from '../internal/card-rules.js';

export { FIELDS, type FieldName };

/** Why a field is not valid. */
export type FieldErrorReason =
  | 'required' | 'incomplete' | 'invalid' | 'brand-not-accepted' | 'expired' | 'too-far' | 'length'
  /** The page's message for the field (`showError`), e.g. a decline. */
  | 'refused';

/** A field's error as events report it: no card data, only the field, a reason and the shown text. */
export interface FieldError {
  field: FieldName;
  reason: FieldErrorReason;
  message: string;
}

/** The result for one field. */
export interface FieldCheck {
  status: 'valid' | 'partial' | 'invalid';
  /** Present unless `status` is `valid`: what blur or submit would show. */
  reason?: FieldErrorReason;
}

/** The fields' current values: digits only for number and code, as shown for expiry. */
export interface CardValues {
  holder: string;
  number: string;
  expiry: string;
  securityCode: string;
  /** The holder's CPF or CNPJ, digits only (not card data: never encrypted). */
  holderDocument: string;
}

const valid: FieldCheck = { status: 'valid' };
const partial = (reason: FieldErrorReason): FieldCheck => ({ status: 'partial', reason });
const invalid = (reason: FieldErrorReason): FieldCheck => ({ status: 'invalid', reason });
/** Whether `n` is from `min` to `max`: a card number's or a code's length when the brand is not known yet. */
const within = (n: number, min: number, max: number) => n >= min && n <= max;

function checkNumber(digits: string, brand: Brand | undefined, accepted: readonly string[]): FieldCheck {
  if (!digits) return partial('required');
  if (accepted.length && brand && !accepted.includes(brand.id)) return invalid('brand-not-accepted');
  const complete = brand ? brand.lengths.includes(digits.length) : within(digits.length, CARD_NUMBER_MIN_DIGITS, CARD_NUMBER_MAX_DIGITS);
  if (complete && luhnValid(digits)) return accepted.length && !brand ? invalid('invalid') : valid;
  if (digits.length < (brand ? Math.max(...brand.lengths) : CARD_NUMBER_MAX_DIGITS)) return partial(complete ? 'invalid' : 'incomplete');
  return invalid(complete ? 'invalid' : 'incomplete');
}

function checkExpiry(text: string, now: Date): FieldCheck {
  if (!text) return partial('required');
  const expiry = parseExpiry(text);
  if (!expiry) return /^(0?[1-9]?|1[0-2]?)(\/\d{0,3})?$/.test(text) ? partial('invalid') : invalid('invalid');
  if (isExpired(expiry, now)) return /^\d\d\/\d\d$/.test(text) && text.startsWith('20', 3) ? partial('expired') : invalid('expired');
  return isTooFar(expiry, now) ? invalid('too-far') : valid;
}

function checkCode(digits: string, brand: Brand | undefined): FieldCheck {
  if (!digits) return partial('required');
  if (brand ? digits.length === brand.code.size : within(digits.length, CVV_MIN_DIGITS, CVV_MAX_DIGITS)) return valid;
  return digits.length < (brand ? brand.code.size : CVV_MAX_DIGITS) ? partial('length') : invalid('length');
}

/**
 * Checks every field. `now` decides expiry (valid through the last day of the month);
 * the holder's document counts only with `withDocument`.
 *
 * @example
 * checkCard({ holder: 'ANA', number: '4111111111111111', expiry: '03/30', securityCode: '123' },
 *   detectBrand('4111111111111111'), [], new Date(2026, 0, 1)).number.status; // 'valid'
 */
export function checkCard(
  values: CardValues, brand: Brand | undefined, accepted: readonly string[], now: Date, withDocument = false,
): Record<FieldName, FieldCheck> {
  return {
    holder: values.holder.trim() ? valid : partial('required'),
    number: checkNumber(values.number, brand, accepted),
    expiry: checkExpiry(values.expiry, now),
    securityCode: checkCode(values.securityCode, brand),
    holderDocument: withDocument ? checkDocument(values.holderDocument) : valid,
  };
}

/** The text shown for a reason on a field, in the element's language. */
export function messageFor(field: FieldName, reason: FieldErrorReason, strings: Strings, brand: Brand | undefined): string {
  const digits = brand ? brand.code.size : '3–4';
  const byField: Record<FieldName, Partial<Record<FieldErrorReason, string>>> = {
    holder: { required: strings.holderRequired },
    number: { required: strings.numberRequired, incomplete: strings.numberIncomplete, invalid: strings.numberInvalid,
      'brand-not-accepted': strings.brandNotAccepted },
    expiry: { required: strings.expiryRequired, invalid: strings.expiryInvalid, expired: strings.expiryPast,
      'too-far': strings.expiryTooFar },
    securityCode: { required: strings.codeRequired, length: strings.codeLength },
    holderDocument: { required: strings.documentRequired, incomplete: strings.documentIncomplete, invalid: strings.documentInvalid },
  };
  return fill(byField[field][reason] ?? strings.numberInvalid, { brand: brand?.name ?? '', digits });
}
