// Frame -> parent messages (protocol.ts): flags, brand, reasons and messages, the token and
// error codes. `last4` only beside a token, as svc-encrypted has it in inline mode.
import { FIELDS } from '../shared/fields.js';
import { FRAME_STATES } from '../shared/states.js';
import { amount, bool, count, list, map, oneOf, optional, record, text, type Check, type Schema } from './protocol.js';

const brand = text(20);
const base64: Check = (v) => typeof v === 'string' && v.length <= 4096 && /^[A-Za-z0-9+/=]*$/.test(v);
const fieldError = record({ field: oneOf(...FIELDS), reason: text(30), message: text(500) });
const cardError = record({ code: text(40), field: text(20), message: text(500) });
const token = record({ keyId: text(64), encryptedKey: base64, iv: base64, ciphertext: base64, authTag: base64 });
const flags = record({ empty: bool, complete: bool, invalid: bool });

/** The frame's first message, on window with the port; every later one comes over the port. */
export const HELLO: Schema = { hello: record({ channel: text(64) }) };

export const TO_PARENT: Schema = {
  ready: record({ height: count }),
  height: record({ height: count }),
  change: record({
    // changed: an edit, blur or reset (the element fired svc-change); else focus or busy only.
    changed: bool, complete: bool, brand, errors: list(fieldError, FIELDS.length), edits: count,
    fields: record(Object.fromEntries(FIELDS.map((name) => [name, flags]))),
    validity: (v) => v === null || record({ missing: bool, message: text(500) })(v),
    states: map(new RegExp(`^(${FRAME_STATES.join('|')})$`), bool, FRAME_STATES.length),
    // svc-change's chosen installment plan, in cents (undefined without plans).
    plan: optional((v) => v === undefined || record({
      installments: count, installmentCents: count, firstCents: count, totalCents: count, interestFree: bool, brands: optional(list(brand, 20)),
      monthlyRate: optional(amount), cet: optional(amount),
    })(v)),
  }),
  brand: record({ brand, name: text(40) }),
  // svc-focus / svc-blur: which field, as in inline mode.
  focus: record({ field: oneOf(...FIELDS) }),
  blur: record({ field: oneOf(...FIELDS) }),
  // The focused control's field, from its top to its message lines, in the frame's CSS px.
  reveal: record({ top: amount, bottom: amount }),
  // With the token only, as svc-encrypted has them (issue 11): the installments chosen, the holder's CPF or CNPJ.
  encrypted: record({
    encryptedCard: token, brand, last4: (v) => typeof v === 'string' && /^\d{0,4}$/.test(v),
    installments: optional((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 12),
    holderDocument: optional((v) => typeof v === 'string' && /^(\d{11}|\d{14})$/.test(v)),
  }),
  error: record({ code: text(40), errors: list(cardError, 8), message: text(500) }),
  // encrypt()'s answer: the token (null when errors came or it threw) and the errors.
  result: record({
    id: count, encryptedCard: (v) => v === null || token(v), errors: list(cardError, 8),
    thrown: oneOf('', 'SECURE_CONTEXT_REQUIRED', 'ENCRYPTION_FAILED'),
  }),
  submit: record({}),
};
