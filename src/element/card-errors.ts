// The element's field errors in the core's vocabulary (API reference 4.9), so
// `encrypt()` resolves the same shape as `encryptCard` even when the element's
// own checks (Luhn, expired, brand) stopped it first.
import type { CardError, CardField, ErrorCode } from '../core/index.js';
import type { FieldError } from './validation.js';

/** Field errors as `CardError`s; the message is the one shown to the customer. */
export const toCardErrors = (errors: readonly FieldError[]): CardError[] =>
  errors.map(({ field, reason, message }) => {
    // A bad or missing month is the month's fault; a card out of date is the year's.
    const late = reason === 'expired' || reason === 'too-far';
    const core: CardField = field !== 'expiry' ? field : late ? 'expYear' : 'expMonth';
    const name = field === 'number' ? 'NUMBER' : field === 'holder' ? 'HOLDER' : field === 'securityCode'
      ? 'SECURITY_CODE' : field === 'holderDocument' ? 'HOLDER_DOCUMENT' : late ? 'EXPIRATION_YEAR' : 'EXPIRATION_MONTH';
    return { code: `INVALID_${name}` as ErrorCode, field: core, message };
  });
