// POST /v1/subscription/list: queued, processed item by item; progress and
// each item's outcome visible; a bad item fails alone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { makeClient, makeProduct } from './support/fixtures.js';
import { COMPANY, call, memorySandbox } from './support/sandbox.js';

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
