// GET /sandbox/v1/webhooks/deliveries: paged newest first by `after` and `limit`, its eventType
// one of the event types (400 naming it, not an empty list for a typo), and the deliveries a
// credential lists are of the events it may read, as GET /sandbox/v1/events ("Tenants kept apart").
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

interface Delivery { _id: string; eventType: string }
let sandbox: Sandbox;
let c: Awaited<ReturnType<typeof clockCompany>>;

beforeAll(async () => {
  sandbox = await memorySandbox({ allowLoopbackWebhooks: true });
  c = await clockCompany(sandbox);
  // Port 9 (discard) answers nothing: the deliveries stay listed, pending or failed.
  expect((await c.as('POST', '/sandbox/v1/webhooks', { companyId: c.companyId, url: 'http://127.0.0.1:9/hooks' })).status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 100 + i, paymentProfile: PAID_PROFILE })).status).toBe(200);
  const charge = await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, amount: 12.5, dueDate: await c.today() });
  expect(charge.status).toBe(200);
});
afterAll(async () => sandbox?.close());

const list = async (query: string, apiKey = c.apiKey) => call(sandbox, 'GET', `/sandbox/v1/webhooks/deliveries?companyId=${c.companyId}${query}`, undefined, { apiKey });

it('pages newest first: each page after the last one\'s _id, together the whole list once, in its order', async () => {
  const all = (await list('')).body.items as Delivery[];
  expect(all.length).toBeGreaterThanOrEqual(6);
  const paged: Delivery[] = [];
  let after = '';
  for (;;) {
    const page = await list(`&limit=2${after ? `&after=${after}` : ''}`);
    expect(page.status).toBe(200);
    const items = page.body.items as Delivery[];
    expect(items.length).toBeLessThanOrEqual(2);
    paged.push(...items);
    if (items.length < 2) break;
    after = items.at(-1)!._id;
  }
  expect(paged.map((d) => d._id)).toEqual(all.map((d) => d._id));
  // Narrowed to one type, the pages hold that type alone.
  const created = (await list('&eventType=transaction.created&limit=3')).body.items as Delivery[];
  expect(created.map((d) => d.eventType)).toEqual(['transaction.created', 'transaction.created', 'transaction.created']);
  const rest = (await list(`&eventType=transaction.created&after=${created.at(-1)!._id}`)).body.items as Delivery[];
  expect(rest.map((d) => d.eventType)).toEqual(['transaction.created', 'transaction.created']);
});

it('an eventType of no such type, an after of no such delivery, a limit out of 1-100: 400 naming the field', async () => {
  for (const [query, field] of [['&eventType=transaction.criated', 'eventType'], ['&after=dlv_nothing', 'after'], ['&limit=0', 'limit'], ['&limit=101', 'limit']]) {
    const answer = await list(query!);
    expect(answer.status, query).toBe(400);
    expect(answer.body.error_messages, query).toEqual([expect.objectContaining({ path: field })]);
  }
  // A delivery of another type than the one asked is not a page of it.
  const charge = ((await list('&eventType=charge.created')).body.items as Delivery[])[0]!;
  expect((await list(`&eventType=transaction.created&after=${charge._id}`)).body.error_messages).toEqual([expect.objectContaining({ path: 'after' })]);
});

it('a credential lists the deliveries of the events it may read, and pages from none other', async () => {
  const { apiKey } = await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: [c.companyId] });
  const all = (await list('')).body.items as Delivery[];
  const seen = (await list('', apiKey)).body.items as Delivery[];
  expect(seen.map((d) => d._id)).toEqual(all.filter((d) => d.eventType.startsWith('transaction.')).map((d) => d._id));
  expect(all.some((d) => d.eventType.startsWith('charge.'))).toBe(true);
  const charge = all.find((d) => d.eventType.startsWith('charge.'))!;
  expect((await list(`&after=${charge._id}`, apiKey)).body.error_messages).toEqual([expect.objectContaining({ path: 'after' })]);
});
