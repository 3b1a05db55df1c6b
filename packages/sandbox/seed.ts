// What a fresh sandbox holds so the demo can pay at once: the demo credential
// (every permission on company_demo), a monthly product, the demo store's product
// with its installment plans, and one open charge.
// Applied on every start; existing records are left as they are.
import { ALL_PERMISSIONS } from './auth/permissions.js';
import { createCredential } from './auth/credentials.js';
import type { Queryable } from './db/database.js';
import { charges, money, newId, products, type ChargeDoc } from './store/tables.js';

/** The demo's ready credential: apiKey `sbx_demo.sandbox-secret-not-for-production`. */
export const SANDBOX_CREDENTIAL = Object.freeze({
  keyId: 'sbx_demo',
  secret: 'sandbox-secret-not-for-production',
  companies: ['company_demo'],
  permissions: [...ALL_PERMISSIONS],
});
export const DEMO_COMPANY = 'company_demo';
export const DEMO_PRODUCT_ID = 'prod_demo_monthly';
export const DEMO_CHARGE_ID = 'chg_demo_0001';
/** The demo checkout's product: R$ 129,90 by card in 1x, 3x interest-free or 12x with a fee (the plans the page offers), by PIX or by boleto. */
export const DEMO_CHECKOUT_PRODUCT_ID = 'prod_demo_cafe';
const DEMO_CHECKOUT_PLANS = [
  { installment: 1 },
  { installment: 3, installmentAmount: 43.3, totalAmount: 129.9 },
  { installment: 12, fee: 11.78, installmentAmount: 12.1, totalAmount: 145.2 },
];
/** The demo store's methods in its order (issue 27): card first, then PIX and boleto, paid at once. */
const DEMO_CHECKOUT_METHODS = [
  { type: 'CREDIT_CARD' as const, active: true, installments: DEMO_CHECKOUT_PLANS },
  { type: 'PIX' as const, active: true, installments: [{ installment: 1 }] },
  { type: 'BOLETO' as const, active: true, installments: [{ installment: 1 }] },
];

/** The monthly plan takes every method (the product's rules refuse one it does not list). */
const EVERY_METHOD = (['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'BOLETO'] as const).map((type) => ({ type, active: true, installments: [{ installment: 1 }] }));

/** An ACTIVE charge of `cents` (tests and the seed). */
export async function insertCharge(db: Queryable, { companyId = DEMO_COMPANY, cents = 4990, _id = newId(), now = new Date() } = {}): Promise<ChargeDoc> {
  const at = now.toISOString();
  const charge: ChargeDoc = { _id, companyId, amount: money(cents), status: 'ACTIVE', paymentMethods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'BOLETO'], active: true, createdAt: at, updatedAt: at };
  await charges.insert(db, charge, '(id)');
  return charge;
}

export async function seed(db: Queryable): Promise<void> {
  await createCredential(db, SANDBOX_CREDENTIAL);
  const at = new Date().toISOString();
  await products.insert(db, {
    _id: DEMO_PRODUCT_ID, companyId: DEMO_COMPANY, active: true, deleted: false, createdAt: at, updatedAt: at,
    product: { price: 29.9, title: 'Plano mensal', warranty: 7 },
    charge: { frequencyDays: 30, deniedIntervalDays: 3, maxDeniedAttempts: 3, invoiceIdentification: 'SANDBOX', paymentMethod: EVERY_METHOD, routes: [] },
    unsubscription: { type: 'CARD_ATTEMPTS' },
  }, '(id)');
  await products.insert(db, {
    _id: DEMO_CHECKOUT_PRODUCT_ID, companyId: DEMO_COMPANY, active: true, deleted: false, createdAt: at, updatedAt: at,
    product: { price: 129.9, title: 'Café especial em grãos, 1 kg', warranty: 7 },
    charge: { frequencyDays: 0, deniedIntervalDays: 0, maxDeniedAttempts: 0, invoiceIdentification: 'CAFE', paymentMethod: DEMO_CHECKOUT_METHODS, routes: [] },
    unsubscription: { type: 'NEVER' },
  }, '(id)');
  await insertCharge(db, { _id: DEMO_CHARGE_ID });
}
