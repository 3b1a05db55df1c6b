// POST /v1/charge/pay (API reference 4.4): no apiKey; a captcha guard instead
// (part 5 rule 7), stubbed here with one documented sandbox value.
import { fieldError } from '../errors.mjs';
import { decide, openCard } from '../payment.mjs';
import { transactionRecord } from '../records.mjs';
import { PAYMENT_METHODS, checkAll, checkCard } from '../schema.mjs';

/** The only `captchaToken` the sandbox's captcha stub accepts. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';

const CARD_METHODS = ['CREDIT_CARD', 'DEBIT_CARD'];
const RULES = [
  { path: '_id', type: 'nonEmptyString', required: true },
  { path: 'companyId', type: 'nonEmptyString', required: true },
  { path: 'referenceId', type: 'string' },
  { path: 'paymentMethod', type: 'string', required: true, oneOf: PAYMENT_METHODS },
  { path: 'installments', type: 'integer', min: 1, max: 12 },
  { path: 'origin', type: 'string' },
  { path: 'cardAuthId', type: 'string' },
];

/**
 * Charges with a payment in flight. A charge is claimed synchronously, before the
 * decrypt's await, so two concurrent pays cannot both see it unpaid; the claim is
 * released when the attempt ends (declined, refused or failed: the charge is payable again).
 */
const paying = new WeakSet();
const BEING_PAID = { status: 400, code: 'SchemaValidationException', field: '_id', msg: 'the charge is being paid by another request: pay again if that payment fails' };
const ALREADY_PAID = { ...BEING_PAID, msg: 'the charge is already paid' };

export const chargePayRoute = {
  captcha: (body) => body?.captchaToken === SANDBOX_CAPTCHA_TOKEN,
  validate(body, { records }) {
    const errors = checkAll(body, RULES);
    const charge = typeof body._id === 'string' ? records.charges.get(body._id) : undefined;
    if (typeof body._id === 'string' && (!charge || charge.companyId !== body.companyId))
      errors.push(fieldError('_id', '_id names no charge of this company in the sandbox'));
    else if (charge && charge.status === 'PAID') errors.push(fieldError('_id', 'the charge is already paid'));
    errors.push(...checkCard(body, { required: CARD_METHODS.includes(body.paymentMethod) }));
    return errors;
  },
  async handle(body, { decryptor, records }) {
    const charge = records.charges.get(body._id);
    if (body.token === undefined && body.paymentProfile === undefined)
      return { status: 200, json: { charge: { ...charge }, paymentMethod: body.paymentMethod, status: 'PENDING_PAYMENT' } };
    if (charge.status === 'PAID') return { refusal: ALREADY_PAID };
    if (paying.has(charge)) return { refusal: BEING_PAID };
    paying.add(charge);
    try {
      const card = await openCard(body, decryptor);
      if (card.refusal) return { refusal: card.refusal };
      const transaction = transactionRecord({
        companyId: body.companyId, cents: charge.amount.value, installments: body.installments ?? 1,
        paymentMethod: body.paymentMethod, profile: card.profile, decision: decide(card.profile, {}),
        links: { chargeId: charge._id },
      });
      records.transactions.set(transaction._id, transaction);
      if (transaction.status === 'PAID') Object.assign(charge, { status: 'PAID', updatedAt: transaction.updatedAt });
      return { status: 200, json: { charge: { ...charge }, transaction } };
    } finally {
      paying.delete(charge);
    }
  },
};
