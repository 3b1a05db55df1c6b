// The holder's CPF or CNPJ while it is typed: digits kept, punctuation put back in
// the official places (000.000.000-00 up to 11 digits, 00.000.000/0000-00 beyond),
// the caret kept after the same digit.

import { editedDigits } from './format.js';

const CPF_MASK = '000.000.000-00';
const CNPJ_MASK = '00.000.000/0000-00';

/**
 * `digits` laid on the CPF mask (up to 11 digits) or the CNPJ mask (12 to 14); the
 * punctuation after the last digit is left out, so deleting never sticks on it.
 *
 * @example
 * maskTaxId('52998224725'); // '529.982.247-25'
 * maskTaxId('1122233300'); // '112.223.330-0'
 */
export function maskTaxId(digits: string): string {
  const mask = digits.length > 11 ? CNPJ_MASK : CPF_MASK;
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next === digits.length) break;
    out += slot === '0' ? digits[next++] : slot;
  }
  return out;
}

/**
 * The document field after an input event: at most 14 digits, masked, caret after the
 * same digit it followed. A Backspace or Delete that removed only punctuation (the digits are
 * still `previous`) removes the digit beyond it, as the card number field does.
 *
 * @example
 * formatTaxIdEdit('5299822472', 10); // { digits: '5299822472', text: '529.982.247-2', caret: 13 }
 */
export function formatTaxIdEdit(raw: string, caret: number, previous = '', inputType = ''): { digits: string; text: string; caret: number } {
  let { digits, before } = editedDigits(raw, caret, previous, inputType);
  digits = digits.slice(0, 14);
  before = Math.min(before, digits.length);
  const text = maskTaxId(digits);
  // After the `before`-th digit of the masked text (0 digits: the start).
  let at = 0;
  for (let seen = 0; seen < before; at++) if (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) seen++;
  return { digits, text, caret: at };
}
