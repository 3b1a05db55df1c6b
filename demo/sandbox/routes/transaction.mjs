// POST /v1/transaction (API reference 4.3): amount in cents, installments
// default 1, capture default true (AUTHORIZED when false), token or paymentProfile.
import { decide, openCard } from '../payment.mjs';
import { transactionRecord } from '../records.mjs';
import { checkAll, checkCard, checkClient, checkSplit } from '../schema.mjs';

const RULES = [
  { path: 'companyId', type: 'nonEmptyString', required: true },
  { path: 'amount', type: 'integer', required: true, min: 1 },
  { path: 'installments', type: 'integer', min: 1, max: 12 },
  { path: 'capture', type: 'boolean' },
];

export const transactionRoute = {
  permission: 'transaction.write',
  validate: (body) => [
    ...checkAll(body, RULES),
    ...checkSplit(body.split),
    ...checkCard(body, { required: true }),
    ...checkClient(body.client),
  ],
  async handle(body, { decryptor, records }) {
    const card = await openCard(body, decryptor);
    if (card.refusal) return { refusal: card.refusal };
    const transaction = transactionRecord({
      companyId: body.companyId,
      cents: body.amount,
      installments: body.installments ?? 1,
      paymentMethod: 'CREDIT_CARD',
      profile: card.profile,
      decision: decide(card.profile, { capture: body.capture ?? true }),
    });
    records.transactions.set(transaction._id, transaction);
    return { status: 200, json: transaction };
  },
};
