// POST /v1/subscription/list: queued, processed item by item; progress and
// each item's outcome visible; a bad item fails alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { makeClient, makeProduct } from './support/fixtures.js';
import { COMPANY, call, memorySandbox } from './support/sandbox.js';
import { clockCompany } from './support/clock-company.js';
import { BATCH_BODY_LIMIT_BYTES, BATCH_MAX_ITEMS } from '../../packages/sandbox/routes/subscription-batches.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

it('a batch of five with one unknown client: four created, one failed naming clientId; each subscription exists, IMPORTED with its first charge', async () => {
  const client = await makeClient(sandbox);
  const product = await makeProduct(sandbox);
  const item = (clientId: string) => ({ productId: product._id, clientId, dueDate: '2030-05-01', paymentMethod: 'BOLETO' });
  const list = [item(client._id), item(client._id), item('nope'), item(client._id), item(client._id)];
  const queued = await call(sandbox, 'POST', '/v1/subscription/list', { companyId: COMPANY, list, filter: { source: 'import' } });
  expect(queued.body).toEqual({ message: '5 subscriptions queued for creation', batchId: expect.stringMatching(/^batch_/) });
  let batch;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    batch = (await call(sandbox, 'GET', `/sandbox/v1/subscription/batches/${queued.body.batchId}`)).body;
    expect(batch.processed).toBeLessThanOrEqual(5);
  } while (batch.status !== 'done');
  expect(batch).toMatchObject({ total: 5, processed: 5, created: 4, failed: 1 });
  expect(batch.results[2]).toMatchObject({ index: 2, status: 'failed', errors: [{ path: 'clientId' }] });
  for (const result of batch.results.filter((r: { status: string }) => r.status === 'created'))
    expect((await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${result.subscriptionId}`)).body).toMatchObject({ status: 'IMPORTED', origin: 'IMPORTED', charges: [{ _id: result.chargeId, status: 'IMPORTED' }] });
});

it('refusals: an empty list, an item without dueDate (path list[0].dueDate), an unknown batch 404', async () => {
  expect((await call(sandbox, 'POST', '/v1/subscription/list', { companyId: COMPANY, list: [] })).body.error_messages).toEqual([expect.objectContaining({ path: 'list' })]);
  const bad = await call(sandbox, 'POST', '/v1/subscription/list', { companyId: COMPANY, list: [{ productId: 'p', clientId: 'c', paymentMethod: 'PIX' }] });
  expect(bad.body.error_messages).toEqual([expect.objectContaining({ path: 'list[0].dueDate' })]);
  expect((await call(sandbox, 'GET', '/sandbox/v1/subscription/batches/batch_nope')).status).toBe(404);
});

describe('POST /v1/subscription/list: the documented 1,000 items fit the body limit', () => {
  it('1,000 realistic items (about 350 bytes each) are queued; the route\'s body limit is above their size', async () => {
    const c = await clockCompany(sandbox);
    const list = Array.from({ length: BATCH_MAX_ITEMS }, (_, i) => ({
      productId: '65f1c0ffee65f1c0ffee0001', clientId: `65f1c0ffee65f1c0ffee${String(i).padStart(4, '0')}`, dueDate: '2026-12-01', paymentMethod: 'CREDIT_CARD',
      origin: 'API', externalReference: `order-2026-${String(i).padStart(6, '0')}-loja-centro`, metadata: { plan: 'anual', channel: 'site', campaign: 'black-friday-2026', seller: 'vendedor-042' },
    }));
    const size = Buffer.byteLength(JSON.stringify({ companyId: c.companyId, list }));
    expect(size).toBeGreaterThan(64 * 1024);
    expect(size).toBeLessThan(BATCH_BODY_LIMIT_BYTES / 2);
    const answer = await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^1000 subscriptions queued/);
  });

  it('other routes keep 64 KiB; over the route\'s limit is a 400 naming it', async () => {
    const big = { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', address: { text: 'x'.repeat(70 * 1024) } };
    expect((await call(sandbox, 'POST', '/v1/client', big)).body.error_messages).toEqual([{ msg: 'body larger than 65536 bytes' }]);
    const huge = { companyId: COMPANY, list: [{ productId: 'p', clientId: 'c', dueDate: '2026-01-01', paymentMethod: 'PIX', externalReference: 'x'.repeat(BATCH_BODY_LIMIT_BYTES) }] };
    expect((await call(sandbox, 'POST', '/v1/subscription/list', huge)).body.error_messages).toEqual([{ msg: `body larger than ${BATCH_BODY_LIMIT_BYTES} bytes` }]);
  });
});
