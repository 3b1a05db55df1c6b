// Number field formatting: digits kept, grouped by the brand's gaps, caret kept in place.

/**
 * The ASCII digits of any text: full-width and other compatibility digits are
 * folded by NFKC first (`４１１１` -> `4111`); spaces, dashes, dots and anything
 * else are dropped.
 *
 * @example
 * digitsOf('4111-1111.1111 1111'); // '4111111111111111'
 */
export const digitsOf = (text: string): string => text.normalize('NFKC').replace(/\D/g, '');

/**
 * Digits grouped with a space after each gap position.
 *
 * @example
 * groupDigits('378282246310005', [4, 10]); // '3782 822463 10005'
 */
export function groupDigits(digits: string, gaps: readonly number[]): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (gaps.includes(i) ? ' ' : '') + digits[i];
  return out;
}

/** How many digits lie before `caret` in `text` (after NFKC folding of each character). */
export const digitsBefore = (text: string, caret: number): number => digitsOf(text.slice(0, caret)).length;

/** What an edit of the number field becomes: the new digits, their text, and the caret. */
export interface NumberEdit {
  digits: string;
  text: string;
  caret: number;
}

/**
 * The digits of a masked field after an input event, and how many stand before the caret. A
 * Backspace or Delete that removed only punctuation (the digits are still `previous`) removes
 * the digit beside it instead, so deleting never sticks on a space, '.', '-' or '/'.
 *
 * @example
 * editedDigits('4111111 1', 7, '41111111', 'deleteContentBackward'); // { digits: '4111111', before: 6 }
 */
export function editedDigits(raw: string, caret: number, previous: string, inputType: string): { digits: string; before: number } {
  const digits = digitsOf(raw);
  const before = digitsBefore(raw, caret);
  if (digits !== previous) return { digits, before };
  if (inputType === 'deleteContentBackward' && before > 0) return { digits: digits.slice(0, before - 1) + digits.slice(before), before: before - 1 };
  if (inputType === 'deleteContentForward') return { digits: digits.slice(0, before) + digits.slice(before + 1), before };
  return { digits, before };
}

/**
 * Reformats the number field after an input event. `previous` is the digit
 * string before the edit: when a deletion removed only a space (the digits
 * did not change), the digit beside it goes instead, so Backspace never sticks.
 *
 * @example
 * formatNumberEdit('4111 11111', 10, '411111111', 'insertText', () => ({ gaps: [4, 8, 12], maxLength: 19 }));
 * // { digits: '411111111', text: '4111 1111 1', caret: 11 }
 */
export function formatNumberEdit(
  raw: string, caret: number, previous: string, inputType: string,
  layout: (digits: string) => { gaps: readonly number[]; maxLength: number },
): NumberEdit {
  let { digits, before } = editedDigits(raw, caret, previous, inputType);
  digits = digits.slice(0, layout(digits).maxLength);
  before = Math.min(before, digits.length);
  const { gaps } = layout(digits);
  // The caret goes right after the `before`-th digit: where the grouped text of those digits ends.
  return { digits, text: groupDigits(digits, gaps), caret: groupDigits(digits.slice(0, before), gaps).length };
}
