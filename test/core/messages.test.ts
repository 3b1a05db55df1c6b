// Messages name the field and what was expected; they never echo card digits or the security code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { PUBLIC_2048 } from './support/private-keys.js';

const FIELD_OF = {
  INVALID_HOLDER: 'holder',
  INVALID_NUMBER: 'number',
  INVALID_EXPIRATION_MONTH: 'expMonth',
  INVALID_EXPIRATION_YEAR: 'expYear',
  INVALID_SECURITY_CODE: 'securityCode',
  INVALID_PUBLIC_KEY: 'publicKey',
  INVALID_HOLDER_DOCUMENT: 'holderDocument', // the element's own: encryptCard never gives it
} as const;

describe('error messages', () => {
  it('name the field and say what was expected and what came', async () => {
    const result = await encryptCard({ holder: '', number: '123', expMonth: '13', expYear: '30', securityCode: '1', publicKey: 'x' });
    expect(result.errors).toHaveLength(6);
    for (const error of result.errors) {
      expect(error.field).toBe(FIELD_OF[error.code]);
      expect(error.message).toMatch(new RegExp(`^${error.field}\\b`));
      expect(error.message).toMatch(/expected .+ got /);
    }
  });

  it('say the type that came when it is not a string', async () => {
    const result = await encryptAnything({ holder: 42, number: null, expMonth: true, expYear: {}, securityCode: [], publicKey: 7 });
    expect(result.errors.map((e) => e.message.split('got ')[1])).toEqual(['number', 'null', 'boolean', 'object', 'object', 'number']);
  });

  it('name keyId when the key id is what is wrong', async () => {
    const result = await encryptCard({ holder: 'A', number: '4111111111111111', expMonth: 1, expYear: 2030, securityCode: '123', publicKey: PUBLIC_2048, keyId: 'a b' });
    expect(result.errors).toEqual([{ code: 'INVALID_PUBLIC_KEY', field: 'keyId', message: expect.stringMatching(/^keyId: expected /) }]);
  });

  it('spell out each rule', async () => {
    const result = await encryptCard({ holder: ' ', number: '4111-1111-1111-1111', expMonth: 0, expYear: '30', securityCode: '12345', publicKey: '' });
    expect(result.errors.map((e) => e.message)).toEqual([
      'holder: expected 1-255 characters, got a string of length 1',
      'number: expected 13-19 digits, got a string of length 19',
      'expMonth: expected 1-12, got number',
      'expYear: expected 4 digits, got a string of length 2',
      'securityCode: expected 3-4 digits, got a string of length 5',
      'publicKey: expected a PEM RSA public key of 2048+ bits, got a string of length 0',
    ]);
  });

  const shift = (text: string) => text.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  it('never contain the digits of a number or a security code, valid or not (1,000 inputs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[0-9 ]{0,40}$/),
        fc.stringMatching(/^[0-9]{0,8}$/),
        fc.boolean(),
        async (number, securityCode, badHolder) => {
          const card = { holder: badHolder ? ' ' : 'A', number, expMonth: '03', expYear: '2030', securityCode, publicKey: 'x' };
          const messages = (await encryptCard(card)).errors.map((e) => e.message);
          // Other digits of the same length give the same messages: nothing of the value is in them.
          const shifted = (await encryptCard({ ...card, number: shift(number), securityCode: shift(securityCode) })).errors;
          expect(shifted.map((e) => e.message)).toEqual(messages);
          // The fixed wording has digits of its own ("2048 bits"): look at what each says came.
          const text = messages.map((m) => m.split(', got ')[1]).join('\n');
          const digits = number.replace(/\s/g, '');
          if (digits.length >= 5) expect(text).not.toContain(digits);
          if (securityCode.length >= 3) expect(text).not.toContain(securityCode);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
