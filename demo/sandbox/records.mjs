// The sandbox's records (in memory, lost on restart) and the response shapes of
// API reference 2.2-2.4. Amounts are integer cents of BRL.

/** Records kept per kind (transactions, subscriptions, charges); beyond it the oldest is dropped. */
export const MAX_RECORDS = 10_000;
import { randomBytes } from 'node:crypto';
import { BoundedMap } from './bounded-map.mjs';
import { cardSummary } from './payment.mjs';

/** 24 hex characters, the shape of the service's `_id` values. */
export const newId = () => randomBytes(12).toString('hex');

const money = (cents) => ({ value: cents, currency: 'BRL' });

/** A transaction (2.2): `_id`, `companyId`, `status`, `amount`, `paymentMethod` and the rest. */
export function transactionRecord({ companyId, cents, installments, paymentMethod, profile, decision, links = {} }) {
  const now = new Date().toISOString();
  return {
    _id: newId(),
    companyId,
    ...links,
    amount: money(cents),
    installments,
    paymentMethod,
    status: decision.status,
    message: decision.message,
    complementaryMessage: 'sandbox: no money moved',
    card: cardSummary(profile),
    metadata: {},
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * In-memory state: seeded products and charges so subscriptions and charge payments have
 * prices. At most `limit` records of each kind, the oldest dropped first.
 */
export function createRecords({ limit = MAX_RECORDS } = {}) {
  const products = new Map([['prod_demo_monthly', { _id: 'prod_demo_monthly', companyId: 'company_demo', cents: 2990, title: 'Plano mensal' }]]);
  const charges = new BoundedMap(limit);
  const transactions = new BoundedMap(limit);
  const subscriptions = new BoundedMap(limit);
  /** Adds an ACTIVE charge (4.4 POST /v1/charge is not part of the sandbox) and returns it. */
  const addCharge = ({ companyId = 'company_demo', cents = 4990, _id = newId() } = {}) => {
    const now = new Date().toISOString();
    const charge = { _id, companyId, amount: money(cents), status: 'ACTIVE', createdAt: now, updatedAt: now };
    charges.set(_id, charge);
    return charge;
  };
  addCharge({ _id: 'chg_demo_0001' });
  return { products, charges, transactions, subscriptions, addCharge };
}
