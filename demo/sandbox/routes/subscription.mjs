// POST /v1/subscription (API reference 4.5): creates a subscription for a
// product and pays its first period at once with the token or paymentProfile.
import { fieldError } from '../errors.mjs';
import { decide, openCard } from '../payment.mjs';
import { newId, transactionRecord } from '../records.mjs';
import { PAYMENT_METHODS, checkAll, checkCard, checkClient, isObject } from '../schema.mjs';

const CARD_METHODS = ['CREDIT_CARD', 'DEBIT_CARD'];
const RULES = [
  { path: 'companyId', type: 'nonEmptyString', required: true },
  { path: 'product', type: 'object', required: true },
  { path: 'paymentMethod', type: 'string', required: true, oneOf: PAYMENT_METHODS },
  { path: 'installments', type: 'integer', min: 1, max: 12 },
];

export const subscriptionRoute = {
  permission: 'subscription.write',
  validate(body, { records }) {
    const errors = [...checkAll(body, RULES), ...checkClient(body.client)];
    if (isObject(body.product)) {
      errors.push(...checkAll(body.product, [{ path: 'id', type: 'nonEmptyString', required: true }], 'product.'));
      const product = records.products.get(body.product.id);
      if (typeof body.product.id === 'string' && (!product || product.companyId !== body.companyId))
        errors.push(fieldError('product.id', 'product.id names no product of this company in the sandbox'));
    }
    errors.push(...checkCard(body, { required: CARD_METHODS.includes(body.paymentMethod) }));
    return errors;
  },
  async handle(body, { decryptor, records }) {
    const product = records.products.get(body.product.id);
    const now = new Date().toISOString();
    const subscription = {
      _id: newId(), companyId: body.companyId, productId: product._id, paymentMethod: body.paymentMethod,
      installments: body.installments ?? 1, origin: 'API', active: true, status: 'PENDING_PAYMENT', metadata: {},
      createdAt: now, updatedAt: now,
    };
    if (body.token !== undefined || body.paymentProfile !== undefined) {
      const card = await openCard(body, decryptor);
      if (card.refusal) return { refusal: card.refusal };
      const transaction = transactionRecord({
        companyId: body.companyId, cents: product.cents, installments: subscription.installments,
        paymentMethod: body.paymentMethod, profile: card.profile, decision: decide(card.profile, {}),
        links: { productId: product._id, subscriptionId: subscription._id },
      });
      records.transactions.set(transaction._id, transaction);
      subscription.status = transaction.status === 'PAID' ? 'ACTIVE' : 'ERROR_PAYMENT';
      subscription.transaction = transaction;
    }
    records.subscriptions.set(subscription._id, subscription);
    return { status: 200, json: subscription };
  },
};
