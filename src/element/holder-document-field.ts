// The holder's CPF or CNPJ (issue 11), on with `holder-document`. Not card data: never
// encrypted, kept as digits and given with the token (form entry `<name>.holderDocument`,
// svc-encrypted's `holderDocument`), as the merchant sends it: `client.doc` (reference 2.5).
import { nothing } from 'lit/html.js';
import { isValidCnpj, isValidCpf } from '../internal/tax-id.js';
import { field, type View } from './template.js';
import type { FieldCheck } from './validation.js';

/**
 * The field's check, "partial" while it may still become valid: 11 digits that are no CPF
 * may be a CNPJ being typed, so that is only an error on blur or submit.
 *
 * @example
 * checkDocument('52998224725'); // { status: 'valid' }
 */
export function checkDocument(digits: string): FieldCheck {
  if (digits.length === 14) return isValidCnpj(digits) ? { status: 'valid' } : { status: 'invalid', reason: 'invalid' };
  if (digits.length === 11 && isValidCpf(digits)) return { status: 'valid' };
  return { status: 'partial', reason: !digits ? 'required' : digits.length === 11 ? 'invalid' : 'incomplete' };
}

/**
 * The field, like the card's: numeric keyboard, and `autocomplete="off"`: no token names a tax
 * id, and the holder's document need not be the shopper's (a guess would fill the wrong one).
 */
export const renderDocument = (view: View, on: boolean) => (on ? field(view, 'holderDocument', view.strings.documentLabel, 'off', '000.000.000-00') : nothing);
