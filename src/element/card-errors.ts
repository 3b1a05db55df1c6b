// The element's field errors in the core's vocabulary (API reference 4.9), so
// `encrypt()` resolves the same shape as `encryptCard` even when the element's
// own checks (Luhn, expired, brand) stopped it first.
import type { CardError, CardField, ErrorCode } from '../core/index.js';
import type { FieldError } from './validation.js';

function codeOf(error: FieldError): [ErrorCode, CardField] {
  switch (error.field) {
    case 'holder': return ['INVALID_HOLDER', 'holder'];
    case 'number': return ['INVALID_NUMBER', 'number'];
    case 'securityCode': return ['INVALID_SECURITY_CODE', 'securityCode'];
    default:
      // A bad or missing month is the month's fault; a card out of date is the year's.
      return error.reason === 'expired' || error.reason === 'too-far'
        ? ['INVALID_EXPIRATION_YEAR', 'expYear']
        : ['INVALID_EXPIRATION_MONTH', 'expMonth'];
  }
}

/** Field errors as `CardError`s; the message is the one shown to the customer. */
export const toCardErrors = (errors: readonly FieldError[]): CardError[] =>
  errors.map((error) => {
    const [code, field] = codeOf(error);
    return { code, field, message: error.message };
  });
