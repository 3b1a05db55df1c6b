// What an `input` event does to a field: normalise and format its text, keep
// the caret, and keep the digits the element validates and encrypts.
import { CARD_NUMBER_MAX_DIGITS } from '../internal/card-rules.js';
import { detectBrand, type Brand } from '../shared/brands.js';
import { formatExpiryInput } from './expiry.js';
import { digitsOf, formatNumberEdit } from './format.js';
import { formatTaxIdEdit } from './tax-id-format.js';
import type { CardValues, FieldName } from './validation.js';

/** Values inserted whole, not typed key by key: autofill, paste, drop, or an `input` event without inputType. */
export const insertedWhole = (inputType: string): boolean =>
  /^(insertReplacementText|insertFromPaste|insertFromDrop|)$/.test(inputType);

const numberLayout = (digits: string) => {
  const brand = detectBrand(digits);
  return { gaps: brand?.gaps ?? [4, 8, 12], maxLength: brand ? Math.max(...brand.lengths) : CARD_NUMBER_MAX_DIGITS };
};

/** Shows a formatted edit and keeps the caret after the same digit (both masked fields). */
export function showEdit(input: HTMLInputElement, edit: { text: string; caret: number }): void {
  input.value = edit.text;
  // Moving the caret of an unfocused input would focus it in some engines.
  if ((input.getRootNode() as ShadowRoot).activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
}

/**
 * Applies an edit of `field` to its input and to `values`; returns the brand
 * the number now has (unchanged for the other fields).
 */
export function applyInput(
  field: FieldName, input: HTMLInputElement, inputType: string, values: CardValues, brand: Brand | undefined,
): Brand | undefined {
  switch (field) {
    case 'number': {
      const caret = input.selectionStart ?? input.value.length;
      const edit = formatNumberEdit(input.value, caret, values.number, inputType, numberLayout);
      showEdit(input, edit);
      values.number = edit.digits;
      return detectBrand(edit.digits);
    }
    case 'expiry':
      input.value = formatExpiryInput(input.value, insertedWhole(inputType));
      values.expiry = input.value;
      return brand;
    case 'securityCode':
      input.value = digitsOf(input.value).slice(0, brand?.code.size ?? 4);
      values.securityCode = input.value;
      return brand;
    case 'holderDocument': {
      const edit = formatTaxIdEdit(input.value, input.selectionStart ?? input.value.length, values.holderDocument, inputType);
      showEdit(input, edit);
      values.holderDocument = edit.digits;
      return brand;
    }
    default:
      values.holder = input.value;
      return brand;
  }
}

/** Whether the browser filled the input (autofill), as far as it lets a page know. */
export function looksAutofilled(input: HTMLInputElement, inputType: string): boolean {
  let filled = inputType === '' || inputType === 'insertReplacementText';
  for (const selector of [':autofill', ':-webkit-autofill']) {
    try {
      filled ||= input.matches(selector);
    } catch {
      // Selector unknown to this engine.
    }
  }
  return filled;
}
