// Schemas shared by several resources (API reference parts 2, 4 and 7). They
// validate requests, shape responses and are the OpenAPI document's schemas.
import { Type } from 'typebox';
import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, CVV_MAX_DIGITS, CVV_MIN_DIGITS, MAX_INSTALLMENTS } from 'svc-card/server';
import { API_ERROR_CODES, FIELD_LOCATIONS } from '../base/errors.js';

export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO', 'PIX'] as const;
export const CARD_METHODS = ['CREDIT_CARD', 'DEBIT_CARD'];
export const PaymentMethod = Type.Enum([...PAYMENT_METHODS], { description: 'Payment method (2)' });

export const Id = (description: string) => Type.String({ minLength: 1, description });
/** One company: a comma would pass the company scope part by part (lists take "a,b") and make records of a company no credential holds. */
export const CompanyId = Type.String({ minLength: 1, pattern: '^[^,]+$', 'x-pattern-message': 'must name one company (no comma)', description: 'Owner company, one; the credential must have access to it (part 5 rule 6)' });
export const Timestamp = Type.String({ format: 'date-time' });
/**
 * A due date a request sets: 2000-01-01 to 2099-12-31 (a sandbox bound), so every date
 * made from it (renewals at most 3,650 days on) is a four-digit year every store reads.
 */
export const DueDate = (description?: string) => Type.String({
  format: 'date', pattern: '^20[0-9]{2}-', 'x-pattern-message': 'must be a date from 2000-01-01 to 2099-12-31',
  description: [description, 'from 2000-01-01 to 2099-12-31'].filter(Boolean).join('; '),
});

/**
 * The largest amount the sandbox takes: R$ 1,000,000,000.00, in cents. Below it every
 * amount is an exact integer in a JSON number and so is every fee of it (amount x 10,000
 * basis points < 2^53); above it a number such as 9007199254740993 would be stored changed.
 */
export const MAX_AMOUNT_CENTS = 100_000_000_000;
/** An amount in integer cents (POST /v1/transaction). */
export const AmountCents = Type.Integer({ minimum: 1, maximum: MAX_AMOUNT_CENTS, description: `cents, at most ${MAX_AMOUNT_CENTS.toLocaleString('en')} (R$ ${(MAX_AMOUNT_CENTS / 100).toLocaleString('en')}.00)` });
/** The most days a request counts at once (a product's period, the test clock's step): ten years, so every date made from one stays a date. */
export const MAX_DAYS = 3_650;
/** A decimal BRL amount as products and charges take it, made cents by toCents (base/cents.ts). */
export const Reais = (minimum: number, description?: string) =>
  Type.Number({ minimum, maximum: MAX_AMOUNT_CENTS / 100, ...(description ? { description } : {}) });

/** Amount in integer cents of BRL (2.2, 2.3). */
export const Money = Type.Object({ value: Type.Integer({ description: 'cents' }), currency: Type.Literal('BRL') });

/** The most installments (part 8 sets none): the library's rule, which the element's plans follow too. */
export { MAX_INSTALLMENTS };
export const Installments = Type.Integer({ minimum: 1, maximum: MAX_INSTALLMENTS, default: 1, description: `Default 1 (part 8); the sandbox accepts 1 to ${MAX_INSTALLMENTS}` });

/**
 * The encrypted card token (2.7): its five members are named and typed strings
 * (so a client's types take the object encryptCard made), each optional here:
 * which are missing, their base64, the key and the token's age are judged by
 * the decryptor (TOKEN_* codes), not by the schema.
 */
const tokenMember = () => Type.Optional(Type.String());
export const Token = Type.Object({ keyId: tokenMember(), encryptedKey: tokenMember(), iv: tokenMember(), ciphertext: tokenMember(), authTag: tokenMember() },
  { description: 'Encrypted card token (2.7): keyId, encryptedKey, iv, ciphertext, authTag, as encryptCard made it' });

// The open card is checked as 4.9 checks the encrypted one (the issuer judges Luhn);
// x-pattern-message is what a refusal says (http/validation.ts).
const NUMBER_DIGITS = `${CARD_NUMBER_MIN_DIGITS} to ${CARD_NUMBER_MAX_DIGITS} digits`;
const CVV_DIGITS = `${CVV_MIN_DIGITS} or ${CVV_MAX_DIGITS} digits`;
export const PaymentProfile = Type.Object({
  cardNumber: Type.String({ pattern: `^(?: *[0-9]){${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}} *$`, description: `Card number: ${NUMBER_DIGITS}; spaces are allowed and removed`, 'x-pattern-message': `must be ${NUMBER_DIGITS} (spaces are removed)` }),
  cardExpiration: Type.String({ pattern: '^(0[1-9]|1[0-2])/\\d{4}$', description: 'MM/YYYY' }),
  holderName: Type.String({ minLength: 1, pattern: '\\S', description: 'Not blank', 'x-pattern-message': 'must not be blank' }),
  cardCvv: Type.String({ pattern: `^[0-9]{${CVV_MIN_DIGITS},${CVV_MAX_DIGITS}}$`, description: `Security code: ${CVV_DIGITS}`, 'x-pattern-message': `must be ${CVV_DIGITS}` }),
}, { description: 'Open card data (4.3); never together with token' });

/** An e-mail address as the description's conformance section says: "0@com" is one; quoted local parts and address literals are not. */
export const Email = Type.String({ format: 'email', description: 'local part of letters, digits and .!#$%&\'*+/=?^_`{|}~-, @, a host name (one label or more); no quoted local part, no address literal' });

/** Letters (any script), spaces, apostrophes, dots and hyphens between words: no digits, no other signs (4.6). One rule wherever a client is made. */
export const PersonName = Type.String({ minLength: 1, pattern: "^\\p{L}[\\p{L}\\p{M} '.-]*$", description: 'letters, spaces, apostrophes, dots and hyphens; no digits or other special characters' });

/** Inline client of a transaction or subscription (4.3): created or reused by document; the same name rule as POST /v1/client. */
export const InlineClient = Type.Object({
  name: PersonName,
  doc: Type.Optional(Type.String({ format: 'br-doc', description: 'CPF or CNPJ; punctuation ignored; check digits checked' })),
  cpf: Type.Optional(Type.String({ format: 'br-doc', description: 'Legacy name of doc' })),
  email: Type.Optional(Email),
}, { anyOf: [{ required: ['doc'] }, { required: ['cpf'] }], description: 'The document (doc or cpf) is mandatory when client is given' });

export const ErrorMessage = Type.Object({
  msg: Type.String(),
  type: Type.Optional(Type.Literal('field')),
  path: Type.Optional(Type.String()),
  location: Type.Optional(Type.Enum([...FIELD_LOCATIONS])),
});
export const ErrorBody = Type.Object({
  error_messages: Type.Array(ErrorMessage),
  code: Type.Enum([...API_ERROR_CODES]),
  path: Type.String(),
  metadata: Type.Object({}, { additionalProperties: true }),
}, { description: 'Error body (part 7)' });

/** The part-7 answers every guarded route may give; 408 and 431 come from the server before any route (http/unrouted.ts). */
export const ERROR_RESPONSES = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 408: ErrorBody, 409: ErrorBody, 431: ErrorBody, 500: ErrorBody, 503: ErrorBody } as const;
