// Products (2.1, 4.2): the whole create body, 201, and each rule of 2.1 refused with its path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { DEMO_CHECKOUT_PRODUCT_ID } from '../../packages/sandbox/seed.js';
import { COMPANY, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

export const FULL_PRODUCT = {
  companyId: COMPANY, active: true, deleted: false,
  setting: { re1to1: false, successChargeDay: true, cardAuth: null, limitOverdueCharges: { active: true, qty: 2 } },
  charge: {
    frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 3, invoiceIdentification: 'CAFE*CLUBE',
    paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1, fee: 0, totalAmount: 59.9, installmentAmount: 59.9 }, { installment: 3, fee: 2.5, totalAmount: 61.4, installmentAmount: 20.47 }] }],
    routes: [{ id: 'provider_03', integrationId: 'int-1', name: 'Main', active: true, order: 1, settings: { brandCard: { all: false, list: ['visa'] }, modality: { initial: true, recurring: true } } }],
  },
  product: { price: 59.9, originalPrice: 79.9, title: 'Clube do café', photo: 'https://example.com/cafe.png', warranty: 7, description: 'Um pacote por mês', SKU: 'CAFE-1' },
  unsubscription: { type: 'OVERDUE_DAYS', overdueDays: 10 },
  checkout: {
    header: { color: '#222', fixed: true, active: true, logo: 'logo.png' }, topBanner: { active: false, url: '' }, sideBanner: { active: true, url: 'side.png' },
    contact: { active: true, text: 'Fale conosco' }, terms: { active: true, text: 'Termos' }, privacyterms: { active: true, linkTermsUse: '/t', linkPrivacyPolicy: '/p' },
    tracking: { meta: 'm', gtm: 'g' }, color: { textPrimary: '#000', secondary: '#111', background: '#fff', primary: '#0a0', textSecondary: '#333' },
    countdown: { time: 600, fixed: false, active: true, color: { background: '#f00', text: '#fff' } }, faq: { active: true, list: [{ question: 'Q?', answer: 'A.' }] },
  },
  send: { active: true, list: [{ active: true, id: 's1', integrationId: 'i1', linkAccess: 'https://example.com/area', name: 'Área', productId: 'p1' }] },
  discount: { list: [{ discount: { value: 5, id: 'd1', method: ['PIX'] }, label: 'PIX 5%' }] },
  notification: { email: true },
};

const refusedPaths = async (body: unknown) => {
  const { status, body: answer } = await call(sandbox, 'POST', '/v1/product', body);
  expect(status).toBe(400);
  for (const item of answer.error_messages) expect(item).toMatchObject({ type: 'field', location: 'body' });
  return answer.error_messages.map((m: { path: string }) => m.path).sort();
};

describe('POST /v1/product', () => {
  it('the whole 2.1 body: 201 with _id, companyId, active, deleted and every member as sent', async () => {
    const { status, body } = await call(sandbox, 'POST', '/v1/product', FULL_PRODUCT);
    expect(status).toBe(201);
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    const { companyId, ...rest } = FULL_PRODUCT;
    expect(body).toMatchObject({ companyId, ...rest });
  });

  it('the least body: companyId and product (price, title, warranty); active true and deleted false by default', async () => {
    const { status, body } = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 10, title: 'X', warranty: 0 } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ active: true, deleted: false, product: { price: 10 } });
  });

  it('each rule of 2.1 is refused with the offending path', async () => {
    const product = (over: object) => ({ ...FULL_PRODUCT, ...over });
    expect(await refusedPaths({ companyId: COMPANY })).toEqual(['product']);
    expect(await refusedPaths(product({ product: { price: -1, title: 'X' } }))).toEqual(['product.price', 'product.warranty']);
    expect(await refusedPaths(product({ setting: { limitOverdueCharges: { active: true, qty: 0 } } }))).toEqual(['setting.limitOverdueCharges.qty']);
    expect(await refusedPaths(product({ setting: { cardAuth: 'yes', limitOverdueCharges: { qty: 1 } } }))).toEqual(['setting.cardAuth', 'setting.limitOverdueCharges.active']);
    expect(await refusedPaths(product({ charge: { frequencyDays: -1, paymentMethod: [] } })))
      .toEqual(['charge.deniedIntervalDays', 'charge.frequencyDays', 'charge.invoiceIdentification', 'charge.maxDeniedAttempts']);
    const method = (m: object) => product({ charge: { ...FULL_PRODUCT.charge, paymentMethod: [m] } });
    expect(await refusedPaths(method({ type: 'CASH', active: true, installments: [{ installment: 0, fee: -1 }] })))
      .toEqual(['charge.paymentMethod[0].installments[0].fee', 'charge.paymentMethod[0].installments[0].installment', 'charge.paymentMethod[0].type']);
    const route = (r: object) => product({ charge: { ...FULL_PRODUCT.charge, routes: [{ ...FULL_PRODUCT.charge.routes[0], ...r }] } });
    expect(await refusedPaths(route({ id: 'provider_17', order: 0, settings: { brandCard: { all: true }, modality: { initial: true } } })))
      .toEqual(['charge.routes[0].id', 'charge.routes[0].order', 'charge.routes[0].settings.brandCard.list', 'charge.routes[0].settings.modality.recurring']);
    expect(await refusedPaths(product({ unsubscription: { type: 'SOMETIMES', overdueDays: -2 } }))).toEqual(['unsubscription.overdueDays', 'unsubscription.type']);
    expect(await refusedPaths(product({ checkout: { header: { color: '#000', fixed: true, active: true }, countdown: { time: 0, fixed: true, active: true, color: { text: '#fff' } }, terms: { active: true } } })))
      .toEqual(['checkout.countdown.color.background', 'checkout.countdown.time', 'checkout.header.logo', 'checkout.terms.text']);
    expect(await refusedPaths(product({ send: { active: true, list: [{ active: true, id: 's', integrationId: 'i', linkAccess: 'l', name: 'n' }] } }))).toEqual(['send.list[0].productId']);
    expect(await refusedPaths(product({ send: { list: [] } }))).toEqual(['send.active']);
    expect(await refusedPaths(product({ discount: { list: [{ discount: { value: -5 } }] } }))).toEqual(['discount.list[0].discount.value']);
  });

  it('401 without a credential, 403 without product.write or for a foreign company', async () => {
    expect((await call(sandbox, 'POST', '/v1/product', FULL_PRODUCT, {})).status).toBe(401);
    const reader = await createCredential(sandbox.db, { permissions: ['product.read'], companies: [COMPANY] });
    expect((await call(sandbox, 'POST', '/v1/product', FULL_PRODUCT, { apiKey: reader.apiKey })).body.code).toBe('forbidden');
    expect((await call(sandbox, 'POST', '/v1/product', { ...FULL_PRODUCT, companyId: 'elsewhere' })).status).toBe(403);
  });
});

describe('GET /sandbox/v1/products/{productId} (sandbox only)', () => {
  it('reads a product back as created, its installment plans included', async () => {
    const created = (await call(sandbox, 'POST', '/v1/product', FULL_PRODUCT)).body;
    const { status, body } = await call(sandbox, 'GET', `/sandbox/v1/products/${created._id}`);
    expect(status).toBe(200);
    expect(body).toEqual(created);
  });

  it('the seeded demo checkout product offers the card in 1x, 3x interest-free and 12x with a fee at R$ 129,90, then PIX and boleto at once', async () => {
    const { body } = await call(sandbox, 'GET', `/sandbox/v1/products/${DEMO_CHECKOUT_PRODUCT_ID}`);
    expect(body.product.price).toBe(129.9);
    expect(body.charge.paymentMethod).toEqual([{ type: 'CREDIT_CARD', active: true, installments: [
      { installment: 1 }, { installment: 3, installmentAmount: 43.3, totalAmount: 129.9 }, { installment: 12, fee: 11.78, installmentAmount: 12.1, totalAmount: 145.2 },
    ] }, { type: 'PIX', active: true, installments: [{ installment: 1 }] }, { type: 'BOLETO', active: true, installments: [{ installment: 1 }] }]);
  });

  it('404 for an unknown product, 403 for one of a company outside the credential (part 5 rule 5); 401, 403 without product.read', async () => {
    expect((await call(sandbox, 'GET', '/sandbox/v1/products/nope')).status).toBe(404);
    const outsider = await createCredential(sandbox.db, { permissions: ['product.read'], companies: ['company_other'] });
    expect((await call(sandbox, 'GET', `/sandbox/v1/products/${DEMO_CHECKOUT_PRODUCT_ID}`, undefined, { apiKey: outsider.apiKey })).status).toBe(403);
    expect((await call(sandbox, 'GET', `/sandbox/v1/products/${DEMO_CHECKOUT_PRODUCT_ID}`, undefined, {})).status).toBe(401);
    const writer = await createCredential(sandbox.db, { permissions: ['product.write'], companies: [COMPANY] });
    expect((await call(sandbox, 'GET', `/sandbox/v1/products/${DEMO_CHECKOUT_PRODUCT_ID}`, undefined, { apiKey: writer.apiKey })).status).toBe(403);
  });
});
