// The fourth row of the acceptance table: the plaintext is a JSON object whose members
// meet the rules of TOKEN-FORMAT.md step 1. Only the six known members are read.
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS } from '../internal/card-rules.js';
import { ownMember } from '../internal/members.js';
import { TokenError } from './errors.js';

/** The open card, named as the API's `paymentProfile` (API reference 4.9). */
export interface PaymentProfile {
  cardNumber: string;
  cardExpiration: string;
  holderName: string;
  cardCvv: string;
}

export interface Payload {
  paymentProfile: PaymentProfile;
  iat: number;
  jti: string;
}

const invalid = (member: string, expected: string): TokenError =>
  new TokenError('TOKEN_INVALID_PAYLOAD', `payload.${member}: expected ${expected}`);

// ignoreBOM keeps a leading U+FEFF, which JSON.parse refuses: the plaintext is JSON text, and
// RFC 8259 section 8.1 forbids the BOM (Python's json refuses it too: one answer everywhere).
// One decoder for every call: decode() without { stream } keeps no state between calls.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function parseJson(bytes: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new TokenError('TOKEN_INVALID_PAYLOAD', 'payload: expected UTF-8 JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TokenError('TOKEN_INVALID_PAYLOAD', 'payload: expected a JSON object');
  return value as Record<string, unknown>;
}

function matching(payload: Record<string, unknown>, member: string, pattern: RegExp, expected: string): string {
  const value = ownMember(payload, member);
  if (typeof value !== 'string' || !pattern.test(value)) throw invalid(member, expected);
  return value;
}

const CARD_NUMBER = new RegExp(`^[0-9]{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`);
const CVV = new RegExp(`^[0-9]{${CVV_MIN_DIGITS},${CVV_MAX_DIGITS}}$`);

/** Parses and checks the plaintext, or throws TOKEN_INVALID_PAYLOAD naming the member (never its value). */
export function checkPayload(bytes: Uint8Array): Payload {
  const payload = parseJson(bytes);
  // Any character that ECMAScript's trim() keeps (the set of \s, spelt out in README for other
  // languages): the browser trims the holder, so one made only of white space is no holder. Another
  // encoder's idea of white space may differ, so surrounding space is not refused.
  const holderName = matching(payload, 'holderName', /\S/, 'a character other than white space');
  const cardNumber = matching(payload, 'cardNumber', CARD_NUMBER, `${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`);
  const cardExpiration = matching(payload, 'cardExpiration', /^(?:0[1-9]|1[0-2])\/[0-9]{4}$/, 'MM/YYYY with a month 01 to 12');
  const cardCvv = matching(payload, 'cardCvv', CVV, `${CVV_MIN_DIGITS} or ${CVV_MAX_DIGITS} digits`);
  const iat = ownMember(payload, 'iat');
  if (typeof iat !== 'number' || !Number.isSafeInteger(iat) || iat < 0) throw invalid('iat', 'whole seconds since the Unix epoch');
  const jti = matching(payload, 'jti', /^[A-Za-z0-9_-]{22}$/, '16 bytes in base64url without padding (22 characters)');
  return { paymentProfile: { cardNumber, cardExpiration, holderName, cardCvv }, iat, jti };
}
