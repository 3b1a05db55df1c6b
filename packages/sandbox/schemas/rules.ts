// Cross-field rules as standard JSON Schema (2020-12, as OpenAPI 3.1 says), so
// validation, the description and any client generated from it agree. The
// messages they produce are written once, in http/validation.ts (toFieldErrors).
import { CARD_METHODS, PAYMENT_METHODS } from './common.js';

/** At least one of the members: `anyOf` of one `required` each. */
export const oneRequired = (...names: string[]) => ({ anyOf: names.map((name) => ({ required: [name] })) });

/** Never both members in one object. */
export const exclusive = (a: string, b: string) => ({ not: { required: [a, b] } });

const WALLET_METHODS = PAYMENT_METHODS.filter((m) => !CARD_METHODS.includes(m));

/** Installments above 1 only by CREDIT_CARD: every other method pays at once (installments 1, the default). */
export const installmentsFor = () => ({
  if: { properties: { paymentMethod: { enum: PAYMENT_METHODS.filter((m) => m !== 'CREDIT_CARD') } }, required: ['paymentMethod'] },
  then: { properties: { installments: { const: 1 } }, description: 'only CREDIT_CARD is paid in installments' },
});

/** A member that goes with one value of another and with no other value (kind slow takes delayMs). */
export const onlyWith = (member: string, on: string, value: string, others: string[], reason: string) => [
  { if: { properties: { [on]: { const: value } }, required: [on] }, then: { required: [member] } },
  { if: { properties: { [on]: { enum: others } }, required: [on] }, then: { properties: { [member]: false }, description: reason } },
];

/**
 * A card payment (CREDIT_CARD, DEBIT_CARD) needs a token or a paymentProfile;
 * PIX and BOLETO never take one. Written as `if`/`then` on paymentMethod.
 */
export const cardFor = () => [
  { if: { properties: { paymentMethod: { enum: CARD_METHODS } }, required: ['paymentMethod'] }, then: oneRequired('token', 'paymentProfile') },
  {
    if: { properties: { paymentMethod: { enum: WALLET_METHODS } }, required: ['paymentMethod'] },
    then: { properties: { token: false, paymentProfile: false }, description: `only ${CARD_METHODS.join(' and ')} take a card` },
  },
];

/**
 * An active split pays by its rules: at least one, each percentage above 0.
 * An inactive split is held to its schema only (it is never applied).
 */
export const activeSplit = () => ({
  if: { type: 'object', properties: { active: { const: true } }, required: ['active'] },
  then: {
    required: ['rules'],
    // The types repeat the base schema's so that strict compilers (fast-json-stringify's Ajv) read every keyword without a warning.
    type: 'object',
    properties: { rules: { type: 'array', minItems: 1, items: { type: 'object', properties: { percentage: { type: 'number', exclusiveMinimum: 0 } } } } },
    description: 'an active split needs at least one rule, each percentage above 0',
  },
});
