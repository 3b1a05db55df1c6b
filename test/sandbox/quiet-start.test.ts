// A sandbox starts and answers without writing schema warnings to its user's
// terminal: every response schema compiles under Ajv's strict mode.
import { afterEach, expect, it, vi } from 'vitest';
import { call, COMPANY, DEMO_CHARGE, memorySandbox, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN } from './support/sandbox.js';
import { makeProduct } from './support/fixtures.js';
import { clockCompany } from './support/clock-company.js';

afterEach(() => vi.restoreAllMocks());

it('the sandbox answers with no "strict mode" schema warning on its terminal (the split rules\' if/then say their types)', async () => {
  const written: string[] = [];
  for (const method of ['log', 'warn', 'error', 'info'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => { written.push(args.map(String).join(' ')); });
  const sandbox = await memorySandbox();
  try {
    // Fastify compiles a route's serializer on its first answer: answer the routes whose bodies carry a split.
    const product = await makeProduct(sandbox);
    expect(product._id).toBeTruthy();
    expect((await call(sandbox, 'GET', `/sandbox/v1/products/${product._id}`)).status).toBe(200);
    const paid = await call(sandbox, 'POST', '/v1/charge/pay', { _id: DEMO_CHARGE, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {});
    expect(paid.body.charge?.status).toBe('PAID');
    // A company of its own, with a charge of its own paid, as a merchant's first day goes.
    const c = await clockCompany(sandbox, {});
    const made = (await c.as('POST', '/v1/product', { companyId: c.companyId, product: { price: 25, title: 'Outro', warranty: 0 }, setting: { cardAuth: true } })).body;
    const client = (await c.as('GET', `/v1/client?companyId=${c.companyId}`)).body.items[0];
    const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, productId: made._id, clientId: client._id, dueDate: '2030-01-10', amount: 10, cardAuth: false })).body;
    const own = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE }, {});
    expect(own.body.charge?.status).toBe('PAID');
    expect(written.filter((line) => /strict mode/.test(line))).toEqual([]);
  } finally {
    await sandbox.close();
  }
});
