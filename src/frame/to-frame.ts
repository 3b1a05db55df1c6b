// Parent -> frame messages (protocol.ts). No member can carry a key: the frame takes its keys
// only from its own origin's JWKS.
import { amount, bool, count, field, list, map, optional, record, text, type Check, type Schema } from './protocol.js';
import type { ConfigMembers } from './config.js';

// A plan as the reference's product entry (issue 11); its arithmetic is checked by the frame's element.
const plan = record({
  installment: count, fee: optional(amount), installmentAmount: optional(amount), totalAmount: optional(amount), brands: optional(list(text(20), 20)),
  monthlyRate: optional(amount), cet: optional(amount),
});

export const TO_FRAME: Schema = {
  config: record({
    lang: text(35), strings: map(/^[a-zA-Z]{1,40}$/, text(500), 60), acceptedBrands: list(text(20), 20),
    disabled: bool, keyId: text(64), style: map(/^--svc-[a-z-]{1,40}$/, text(200), 30),
    installments: list(plan, 24), amount: count, holderDocument: bool,
  } satisfies Record<keyof ConfigMembers, Check>),
  encrypt: record({ id: count }),
  reset: record({}),
  focus: record({ field }),
  // showError(): the page's message at a field (a decline), until the shopper edits it.
  error: record({ field, message: text(200) }),
  report: record({}),
  // The page holds the card still (its encrypt() and the payment it holds for): read-only fields.
  hold: record({ on: bool }),
};
