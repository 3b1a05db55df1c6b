// Defects a merchant met trying the sandbox and its typed client (session 22):
// each test failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

describe('field errors', () => {
  it('a refused path parameter is named with location path, not body (the request had no body)', async () => {
    for (const [url, name] of [['/sandbox/v1/products/%00', 'productId'], ['/sandbox/3ds/challenge/%00', 'reference']] as const) {
      const answer = await call(sandbox, 'GET', url);
      expect(answer.status).toBe(400);
      expect(answer.body.error_messages).toEqual([expect.objectContaining({ type: 'field', path: name, location: 'path' })]);
    }
  });
});

describe('PUT /v1/subscription', () => {
  it("refuses a product that does not offer the subscription's installment count: 400 on productId, so no renewal is charged in a count its product does not offer", async () => {
    const plan = (installments: number[]) => ({ frequencyDays: 30, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: installments.map((installment) => ({ installment })) }] });
    const product = async (price: number, installments: number[]) =>
      (await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, active: true, deleted: false, product: { price, title: 'Plano', warranty: 0 }, charge: plan(installments) })).body;
    const inThree = await product(300, [1, 3]);
    const atOnce = await product(100, [1]);
    const alsoThree = await product(200, [3, 6]);
    const subscription = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: inThree._id }, paymentMethod: 'CREDIT_CARD', installments: 3, paymentProfile: PAID_PROFILE })).body;
    expect(subscription).toMatchObject({ status: 'ACTIVE', installments: 3 });
    const refused = await call(sandbox, 'PUT', '/v1/subscription', { _id: subscription._id, companyId: COMPANY, productId: atOnce._id });
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages).toEqual([expect.objectContaining({ path: 'productId', msg: expect.stringContaining('offered: 1') })]);
    const kept = (await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${subscription._id}`)).body;
    expect(kept.productId).toBe(inThree._id);
    const moved = await call(sandbox, 'PUT', '/v1/subscription', { _id: subscription._id, companyId: COMPANY, productId: alsoThree._id });
    expect(moved.body).toMatchObject({ productId: alsoThree._id, installments: 3 });
  });
});

describe('lists and exports of several companies', () => {
  it('companyId=a,b reads the records of both companies (as no companyId reads all of the credential\'s), a repeated or trailing comma changes nothing, on every list and export', async () => {
    const companies = ['company_month_a', 'company_month_b', 'company_month_c'];
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['transaction.read', 'transaction.write', 'client.read', 'client.write', 'subscription.read', 'subscription.write', 'product.write', 'alert.read', 'alert.write'], companies });
    const as = (method: string, url: string, body?: unknown) => call(sandbox, method, url, body, { apiKey });
    const docs = ['52998224725', '11144477735', '39053344705'];
    for (const [i, companyId] of companies.entries()) {
      const product = (await as('POST', '/v1/product', { companyId, product: { price: 10, title: 'Plano', warranty: 0 } })).body;
      const subscription = (await as('POST', '/v1/subscription', { companyId, product: { id: product._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client: { name: 'Ana Souza', doc: docs[i], email: 'ana@example.com' } })).body;
      expect(subscription.status).toBe('ACTIVE');
      expect((await as('POST', '/sandbox/v1/alerts', { companyId, transactionId: subscription.transaction._id, type: 'NETWORK_B' })).status).toBe(200);
    }
    const companiesOf = (items: { companyId: string }[]) => [...new Set(items.map((item) => item.companyId))].sort();
    for (const path of ['/v1/transaction', '/v1/client', '/v1/subscription', '/v1/alert', '/sandbox/v1/payables', '/v1/subscription/exports', '/v1/alert/exports']) {
      for (const companyId of ['company_month_a,company_month_b', 'company_month_b,company_month_a,company_month_b', 'company_month_a,company_month_b,']) {
        const answer = await as('GET', `${path}?companyId=${companyId}`);
        expect(answer.status).toBe(200);
        const items = Array.isArray(answer.body) ? answer.body : answer.body.items;
        expect([path, companiesOf(items)]).toEqual([path, ['company_month_a', 'company_month_b']]);
      }
    }
  });
});

describe('exports past their limit', () => {
  it('an export matching more than its limit is refused before its first byte (400 on range.start), never answered as a whole array of the first 10,000; one within it answers them all', async () => {
    const companies = ['company_month_many'];
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['subscription.read', 'subscription.write', 'product.write', 'transaction.write'], companies });
    const product = (await call(sandbox, 'POST', '/v1/product', { companyId: companies[0], product: { price: 10, title: 'Plano', warranty: 0 } }, { apiKey })).body;
    const template = (await call(sandbox, 'POST', '/v1/subscription', { companyId: companies[0], product: { id: product._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE }, { apiKey })).body;
    // 10,000 more by SQL (a copy of the template's body), one a second from 2030-01-01: 10,001 in all.
    await sandbox.db.query(`INSERT INTO subscriptions (id, company_id, status, created_at, updated_at, data)
      SELECT 'many' || lpad(g::text, 6, '0'), company_id, status, timestamptz '2030-01-01' + g * interval '1 second', timestamptz '2030-01-01', data || jsonb_build_object('_id', 'many' || lpad(g::text, 6, '0'))
      FROM subscriptions, generate_series(1, 10000) AS g WHERE id = $1`, [template._id]);
    const all = await call(sandbox, 'GET', `/v1/subscription/exports?companyId=${companies[0]}`, undefined, { apiKey });
    expect(all.status).toBe(400);
    expect(all.body.error_messages).toEqual([expect.objectContaining({ path: 'range.start', location: 'query', msg: expect.stringContaining('10,000') })]);
    const part = await call(sandbox, 'GET', `/v1/subscription/exports?companyId=${companies[0]}&range.start=2030-01-01T00:00:00Z`, undefined, { apiKey });
    expect(part.status).toBe(200);
    expect(part.body).toHaveLength(10_000);
    expect(part.body.at(-1)._id).toBe('many000001');
  });
});

describe('the description of the reference\'s 21 endpoints', () => {
  it('each operation says what its summary does not: how the record is found, and when it is 404 or 403', async () => {
    const document = (await call(sandbox, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, { description?: string }>> };
    const reference = ['POST /v1/product', 'POST /v1/transaction', 'GET /v1/transaction', 'GET /v1/transaction/full', 'PUT /v1/transaction/cancel', 'POST /v1/transaction/capture',
      'POST /v1/charge', 'POST /v1/charge/pay', 'POST /v1/subscription', 'POST /v2/subscription', 'PUT /v1/subscription', 'GET /v1/subscription', 'POST /v1/subscription/list',
      'PUT /v1/subscription/cancel', 'GET /v1/subscription/exports', 'GET /v1/subscription/full', 'POST /v1/client', 'GET /v1/client', 'GET /v1/alert', 'GET /v1/alert/exports', 'POST /v1/alert/update/resolved'];
    const without = reference.filter((operation) => {
      const [method, path] = operation.split(' ') as [string, string];
      return !document.paths[path]?.[method.toLowerCase()]?.description;
    });
    expect(without).toEqual([]);
  });
});

describe('dates in answers', () => {
  it('every date member of an answer (a name ending in At, On, Date, By or From) is described with format date or date-time, as the ones of the reference\'s records are', async () => {
    const document = (await call(sandbox, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
    const untyped = new Set<string>();
    const walk = (schema: unknown, at: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as { type?: unknown; format?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
      const name = at.split('.').pop()!;
      if (node.type === 'string' && /(At|On|Date|By|From)$/.test(name) && !node.format) untyped.add(at);
      for (const [member, sub] of Object.entries(node.properties ?? {})) walk(sub, `${at}.${member}`);
      walk(node.items, `${at}[]`);
      for (const sub of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(sub, at);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 300) walk(response.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect([...untyped]).toEqual([]);
  });
});
