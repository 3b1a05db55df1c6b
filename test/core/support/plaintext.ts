// Step 1 of TOKEN-FORMAT.md as the tests expect it, computed from the input independently of src.
import { expect } from 'vitest';

export const VALID_CARD = {
  holder: 'MARIA DA SILVA',
  number: '4111 1111 1111 1111',
  expMonth: '03',
  expYear: '2030',
  securityCode: '123',
} as const;

/** What the plaintext must hold for a valid input (iat and jti are checked separately). */
export function expectedPayload(input: Record<string, unknown>) {
  const month = String(input.expMonth).trim();
  return {
    holderName: String(input.holder).trim(),
    cardNumber: String(input.number).replace(/\s/g, ''),
    cardExpiration: `${month.padStart(2, '0')}/${String(input.expYear).trim()}`,
    cardCvv: String(input.securityCode).trim(),
  };
}

/** Checks a decrypted plaintext: exactly the six members, the card as given, iat near `now`, a 22-char jti. */
export function expectPlaintext(payload: unknown, input: Record<string, unknown>, nowSeconds = Date.now() / 1000): void {
  const object = payload as Record<string, unknown>;
  expect(Object.keys(object).sort()).toEqual(['cardCvv', 'cardExpiration', 'cardNumber', 'holderName', 'iat', 'jti']);
  expect(object).toMatchObject(expectedPayload(input));
  expect(Number.isInteger(object.iat)).toBe(true);
  expect(Math.abs((object.iat as number) - nowSeconds)).toBeLessThanOrEqual(5);
  expect(object.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(Buffer.from(object.jti as string, 'base64url')).toHaveLength(16);
}
