// One card-and-token contract (issue 42): the sandbox states the library's rules, it keeps no
// copy of them. An open paymentProfile's limits, the most installments and the token codes are
// svc-card/server's (src/internal/card-rules.ts, src/internal/errors.ts), and the API description
// says the same numbers. Each check compares behaviour, so a copy that drifts fails here.
import fc from 'fast-check';
import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { resolveInstallments } from '../../src/shared/installments.js';
import { validateCard } from '../../src/core/validate.js';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS, MAX_INSTALLMENTS, TOKEN_ERROR_CODES, type EncryptedCard, type PaymentProfile as OpenCard } from '../../src/server/index.js';
import { API_ERROR_CODES } from '../../packages/sandbox/base/errors.js';
import { TOKEN_MESSAGES } from '../../packages/sandbox/payment/open-card.js';
import { ErrorBody, Installments, PaymentProfile, Token } from '../../packages/sandbox/schemas/common.js';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import { TENANTS_SECTION } from '../../packages/sandbox/http/docs/tenants.js';

const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123', publicKey: 'unused' };
const encryptCardTakes = (input: Partial<typeof card>) => validateCard({ ...card, ...input })[0].length === 0;
/** A schema's keywords (TypeBox's static types carry only the value's type). */
const keywords = (schema: object) => schema as { pattern?: string; maximum?: number; description?: string };
const schemaTakes = (member: 'cardNumber' | 'cardCvv', value: string) => new RegExp(keywords(PaymentProfile.properties[member]).pattern!, 'u').test(value);
const digitsOfLength = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('the sandbox takes its card and token rules from svc-card/server', () => {
  it('an open cardNumber: the schema takes exactly the lengths encryptCard takes', () => {
    for (let length = 0; length <= CARD_NUMBER_MAX_DIGITS + 3; length++) {
      fc.assert(fc.property(digitsOfLength(length), (digits) => {
        expect(schemaTakes('cardNumber', digits), digits).toBe(encryptCardTakes({ number: digits }));
      }), { numRuns: 5 });
    }
  });

  it('an open cardCvv: the schema takes exactly the lengths encryptCard takes', () => {
    for (let length = 0; length <= CVV_MAX_DIGITS + 3; length++) {
      const digits = '7'.repeat(length);
      expect(schemaTakes('cardCvv', digits), digits).toBe(encryptCardTakes({ securityCode: digits }));
    }
  });

  it('installments: the schema stops where the element\'s plans stop', () => {
    const { maximum } = keywords(Installments);
    expect(maximum).toBe(MAX_INSTALLMENTS);
    expect(resolveInstallments([{ installment: maximum! }], 12990)[0]).not.toBeInstanceOf(Error);
    expect(resolveInstallments([{ installment: maximum! + 1 }], 12990)[0]).toBeInstanceOf(RangeError);
  });

  it('the error body lists every token code, and each has its explanation', () => {
    expect(ErrorBody.properties.code.enum).toEqual([...API_ERROR_CODES]);
    expect(API_ERROR_CODES).toEqual(expect.arrayContaining([...TOKEN_ERROR_CODES]));
    expect(Object.keys(TOKEN_MESSAGES)).toEqual([...TOKEN_ERROR_CODES]);
  });

  it('the description says the same numbers', () => {
    expect(DESCRIPTION).toContain(`default 1, at most ${MAX_INSTALLMENTS} `);
    expect(TENANTS_SECTION).toContain(`cardNumber ${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`);
    expect(TENANTS_SECTION).toContain(`cardCvv ${CVV_MIN_DIGITS} or ${CVV_MAX_DIGITS} digits`);
    expect(keywords(PaymentProfile.properties.cardNumber).description).toContain(`${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`);
    expect(keywords(PaymentProfile.properties.cardCvv).description).toContain(`${CVV_MIN_DIGITS} or ${CVV_MAX_DIGITS} digits`);
  });

  it('names the card as the library does: the token is what encryptCard made, the open card its paymentProfile', () => {
    // Compiled by `npm run typecheck`: the request's token takes an EncryptedCard, its paymentProfile is the decryptor's.
    expectTypeOf<EncryptedCard>().toMatchTypeOf<Static<typeof Token>>();
    expectTypeOf<Static<typeof PaymentProfile>>().toEqualTypeOf<OpenCard>();
  });
});
