// The store's orders, kept in memory (a real store keeps them in its database). One order is one
// checkout session: its id is a random secret that only the shopper's cookie carries (order-cookie.mjs),
// and it gets one charge of the payments API (order-charge.mjs), which every method pays.
import { randomBytes } from 'node:crypto';

/**
 * @typedef {object} Order
 * @property {string} id          random 128 bits, base64url: the cookie's value
 * @property {number} cents       the order's amount: the product's price when the order was made
 * @property {'product' | 'plan'} kind what the order buys: the product, or the monthly plan (its charge is the subscription's first)
 * @property {{asks: number, subscriptionId?: string, mandateId?: string, status?: string, answer?: object}} [plan]
 *   the plan's subscription and its latest mandate (plan-mandate.mjs)
 * @property {string} [chargeId]  the API's charge of the order, once made
 * @property {number} attempt     the payment attempt: the Idempotency-Key's last part (a new one after each answer)
 * @property {Promise<object>} [paying] the answer of the payment request under way: a second request gets it
 * @property {{key: string, body: object}} [unanswered] a payment sent without an answer: sent again, same key, same body
 * @property {{method: string, outcome: object, paymentMethod: string, issuedAt: string, expiresOn: string, ended?: 'expired' | 'canceled'}} [slip]
 *   the PIX or boleto shown (the charge's `slip` as the API answered it), and how the bank ended it unpaid, once it did
 * @property {{transactionId: string, option?: object}} [card] the latest card attempt (3-D Secure, PROCESSING: finished later)
 * @property {object} [failure]   the latest card attempt's failure once it ended later (a failed challenge)
 * @property {object} [payment]   the API's PAID transaction of the charge: the order is paid
 * @property {string} [fulfilledAt] when a verified webhook first found the order paid: the store ships then
 */

/** Orders kept: a page view makes one, so the oldest go first past this (in memory, a demo's bound; a store's database keeps them). */
export const MAX_ORDERS = 10_000;

export function createOrderStore() {
  /** @type {Map<string, Order>} */
  const byId = new Map();
  /** @type {Map<string, Order>} */
  const byCharge = new Map();
  return {
    /** A new order of `cents` buying `kind`. */
    open(cents, kind = 'product') {
      const order = { id: randomBytes(16).toString('base64url'), cents, kind, attempt: 1 };
      byId.set(order.id, order);
      if (byId.size > MAX_ORDERS) {
        const [oldest] = byId.values();
        byId.delete(oldest.id);
        if (oldest.chargeId) byCharge.delete(oldest.chargeId);
      }
      return order;
    },
    /** @returns {Order | undefined} */
    get: (id) => (typeof id === 'string' ? byId.get(id) : undefined),
    /** The order whose charge is `chargeId` (a webhook names the charge). */
    ofCharge: (chargeId) => byCharge.get(chargeId),
    attachCharge(order, chargeId) {
      order.chargeId = chargeId;
      byCharge.set(chargeId, order);
    },
  };
}
