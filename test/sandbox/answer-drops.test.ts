// POST /sandbox/v1/faults/drops (the check's "network dropped after the sandbox answered"): the
// payment is written, its Idempotency-Key's answer kept, then the connection closes with no answer;
// a retry with the same key gets the kept answer (one payment), and the drop says it was retried.
// Without a key the drop says so. Over real sockets: inject() has no connection to drop.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const post = (path: string, body: unknown, key?: string) => fetch(`${sandbox.url}${path}`, {
  method: 'POST', headers: { apiKey: API_KEY, 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) }, body: JSON.stringify(body),
});
const drops = async () => (await (await fetch(`${sandbox.url}/sandbox/v1/faults/drops?companyId=${COMPANY}`, { headers: { apiKey: API_KEY } })).json()).items;
const paidCount = async () => (await (await fetch(`${sandbox.url}/v1/transaction?companyId=${COMPANY}&limit=100`, { headers: { apiKey: API_KEY } })).json()).items.length;

it('drops the answer after the payment is written; the same key then answers it again, once paid', async () => {
  expect((await post('/sandbox/v1/faults/drops', { companyId: COMPANY, path: '/v1/transaction' })).status).toBe(200);
  const before = await paidCount();
  const body = { companyId: COMPANY, amount: 4321, paymentProfile: PAID_PROFILE };
  await expect(post('/v1/transaction', body, 'order-1:pay:1')).rejects.toThrow();
  expect(await paidCount()).toBe(before + 1);
  expect(await drops()).toEqual([expect.objectContaining({ path: '/v1/transaction', idempotencyKey: 'order-1:pay:1', retried: false, status: 200 })]);
  const again = await post('/v1/transaction', body, 'order-1:pay:1');
  expect(again.status).toBe(200);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect((await again.json()).status).toBe('PAID');
  expect(await paidCount()).toBe(before + 1);
  expect(await drops()).toEqual([expect.objectContaining({ retried: true })]);
  // Armed once: the next payment is answered.
  expect((await post('/v1/transaction', { ...body, amount: 1234 })).status).toBe(200);
});

it('a dropped call without a key is noted as such; a refused call (4xx) is not dropped; DELETE forgets them', async () => {
  expect((await fetch(`${sandbox.url}/sandbox/v1/faults/drops?companyId=${COMPANY}`, { method: 'DELETE', headers: { apiKey: API_KEY } })).status).toBe(200);
  expect(await drops()).toEqual([]);
  await post('/sandbox/v1/faults/drops', { companyId: COMPANY, path: '/v1/transaction' });
  expect((await post('/v1/transaction', { companyId: COMPANY, amount: -1, paymentProfile: PAID_PROFILE })).status).toBe(400);
  await expect(post('/v1/transaction', { companyId: COMPANY, amount: 555, paymentProfile: PAID_PROFILE })).rejects.toThrow();
  expect(await drops()).toEqual([expect.objectContaining({ idempotencyKey: null, retried: false })]);
});

it('refuses a path it cannot drop, naming the field', async () => {
  const answer = await post('/sandbox/v1/faults/drops', { companyId: COMPANY, path: '/v1/client' });
  expect(answer.status).toBe(400);
  expect((await answer.json()).error_messages).toEqual([expect.objectContaining({ path: 'path' })]);
});

it('through inject() (no connection to drop) an armed drop answers as usual and is noted, never a 500 (before: TypeError, socket.destroy is not a function; fuzz.test found it)', async () => {
  await fetch(`${sandbox.url}/sandbox/v1/faults/drops?companyId=${COMPANY}`, { method: 'DELETE', headers: { apiKey: API_KEY } });
  await post('/sandbox/v1/faults/drops', { companyId: COMPANY, path: '/v1/transaction' });
  const answer = await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 777, paymentProfile: PAID_PROFILE });
  expect([answer.status, answer.body.status]).toEqual([200, 'PAID']);
  expect(await drops()).toEqual([expect.objectContaining({ path: '/v1/transaction', status: 200 })]);
});
