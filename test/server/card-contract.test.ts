// One card-and-token contract (issue 42): the token codes are TOKEN-FORMAT.md's acceptance table,
// and the decryptor takes exactly the card numbers and security codes encryptCard lets through,
// both from one table of limits (src/internal/card-rules.ts), which the sandbox reads too
// (test/sandbox/card-contract.test.ts).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCard } from '../../src/core/validate.js';
import { checkPayload } from '../../src/server/check-payload.js';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS, TOKEN_ERROR_CODES, TokenError } from '../../src/server/index.js';
import { TABLE_CODES } from './support/codes.js';

const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123', publicKey: 'unused' };
const payload = (paymentProfile: Record<string, string>) =>
  new TextEncoder().encode(JSON.stringify({ holderName: 'MARIA DA SILVA', cardNumber: '4111111111111111', cardExpiration: '03/2030', cardCvv: '123', ...paymentProfile, iat: 1_700_000_000, jti: 'AAAAAAAAAAAAAAAAAAAAAA' }));

/** The member checkPayload names when it refuses, or '' when it accepts. */
function decryptorRefuses(paymentProfile: Record<string, string>): string {
  try {
    checkPayload(payload(paymentProfile));
    return '';
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    expect(error.code).toBe('TOKEN_INVALID_PAYLOAD');
    return error.message.split(':')[0]!;
  }
}

const encryptCardRefuses = (input: Partial<typeof card>): string[] => validateCard({ ...card, ...input })[0].map((error) => error.field);

describe('the card and token contract', () => {
  it('TOKEN_ERROR_CODES is the acceptance table of TOKEN-FORMAT.md, in its order', () => {
    expect(TABLE_CODES).toHaveLength(7);
    expect([...TOKEN_ERROR_CODES]).toEqual(TABLE_CODES);
  });

  it('the limits are the ones TOKEN-FORMAT.md states for the plaintext', () => {
    const spec = readFileSync(new URL('../../docs/token-format.md', import.meta.url), 'utf8');
    expect(spec).toContain(`| \`cardNumber\` | ${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits, white space removed |`);
    expect(spec).toContain(`| \`cardCvv\` | ${CVV_MIN_DIGITS} or ${CVV_MAX_DIGITS} digits |`);
  });

  it('the decryptor takes exactly the card numbers encryptCard takes, by length', () => {
    for (let length = 0; length <= CARD_NUMBER_MAX_DIGITS + 3; length++) {
      const within = length >= CARD_NUMBER_MIN_DIGITS && length <= CARD_NUMBER_MAX_DIGITS;
      fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length }), (digits) => {
        expect(encryptCardRefuses({ number: digits }), digits).toEqual(within ? [] : ['number']);
        expect(decryptorRefuses({ cardNumber: digits }), digits).toBe(within ? '' : 'payload.cardNumber');
      }), { numRuns: 5 });
    }
  });

  it('the decryptor takes exactly the security codes encryptCard takes, by length', () => {
    for (let length = 0; length <= CVV_MAX_DIGITS + 3; length++) {
      const digits = '7'.repeat(length);
      const within = length >= CVV_MIN_DIGITS && length <= CVV_MAX_DIGITS;
      expect(encryptCardRefuses({ securityCode: digits }), digits).toEqual(within ? [] : ['securityCode']);
      expect(decryptorRefuses({ cardCvv: digits }), digits).toBe(within ? '' : 'payload.cardCvv');
    }
  });
});
