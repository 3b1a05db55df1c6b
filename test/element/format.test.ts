import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOf, formatNumberEdit, groupDigits } from '../../src/element/format.js';

const standard = () => ({ gaps: [4, 8, 12], maxLength: 19 });

describe('digitsOf', () => {
  it('drops spaces, dashes and dots and folds full-width digits', () => {
    expect(digitsOf('4111-1111.1111 1111')).toBe('4111111111111111');
    expect(digitsOf('４１１１　１１１１－１１１１')).toBe('411111111111');
    expect(digitsOf('\u00a05555\t5555\n')).toBe('55555555');
  });
});

describe('groupDigits', () => {
  it('groups 4-4-4-4, Amex 4-6-5 and Diners 4-6-4', () => {
    expect(groupDigits('4111111111111111', [4, 8, 12])).toBe('4111 1111 1111 1111');
    expect(groupDigits('378282246310005', [4, 10])).toBe('3782 822463 10005');
    expect(groupDigits('30569309025904', [4, 10])).toBe('3056 930902 5904');
    expect(groupDigits('411', [4, 8, 12])).toBe('411');
    expect(groupDigits('41111', [4, 8, 12])).toBe('4111 1');
  });

  it('keeps every digit, in order (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{0,19}$/), (digits) => {
      expect(digitsOf(groupDigits(digits, [4, 8, 12]))).toBe(digits);
      expect(groupDigits(digits, [4, 10])).not.toMatch(/^ | $|  /);
    }));
  });
});

describe('formatNumberEdit', () => {
  it('keeps the caret after a digit typed in the middle', () => {
    // '4111 1111' with '9' typed after the 2nd digit: raw '41911 1111', caret 3.
    const edit = formatNumberEdit('41911 1111', 3, '41111111', 'insertText', standard);
    expect(edit).toEqual({ digits: '419111111', text: '4191 1111 1', caret: 3 });
  });

  it('moves the caret over the space when a typed digit crosses a gap', () => {
    const edit = formatNumberEdit('41111', 5, '4111', 'insertText', standard);
    expect(edit).toEqual({ digits: '41111', text: '4111 1', caret: 6 });
  });

  it('deletes the digit before a space on Backspace instead of sticking', () => {
    // '4111 1' with the caret after the space; Backspace removed only the space.
    const edit = formatNumberEdit('41111', 4, '41111', 'deleteContentBackward', standard);
    expect(edit).toEqual({ digits: '4111', text: '4111', caret: 3 });
  });

  it('deletes the digit after a space on Delete', () => {
    const edit = formatNumberEdit('41111', 4, '41111', 'deleteContentForward', standard);
    expect(edit).toEqual({ digits: '4111', text: '4111', caret: 4 });
  });

  it('normalises a paste and cuts at the brand length', () => {
    const amex = () => ({ gaps: [4, 10], maxLength: 15 });
    const edit = formatNumberEdit('３７８２-8224.6310 0059999', 23, '', 'insertFromPaste', amex);
    expect(edit).toEqual({ digits: '378282246310005', text: '3782 822463 10005', caret: 17 });
  });

  it('inserts any digit at any caret with the caret right after it (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{0,18}$/), fc.nat(), fc.integer({ min: 0, max: 9 }), (digits, at, digit) => {
      const text = groupDigits(digits, [4, 8, 12]);
      const index = at % (digits.length + 1);
      const caret = groupDigits(digits.slice(0, index), [4, 8, 12]).length; // right after the index-th digit
      const raw = text.slice(0, caret) + digit + text.slice(caret);
      const edit = formatNumberEdit(raw, caret + 1, digits, 'insertText', standard);
      expect(edit.digits).toBe(digits.slice(0, index) + digit + digits.slice(index));
      expect(digitsOf(edit.text.slice(0, edit.caret))).toBe(edit.digits.slice(0, index + 1));
    }));
  });
});
