// The typed webhook events (packages/client/src/webhook-events.ts) against the events a sandbox
// really emits: for every event of a short merchant's day (a card sale, a declined card, a
// refund, a charge made and paid by card, another made and settled by PIX), its `move` is one
// the type names for its `type`, `previousStatus` is there exactly when the type says, and
// `data` holds nothing the type leaves out.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVENTS_FILE } from '../../packages/client/scripts/generate-events.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { EVENT_TYPES } from '../../packages/sandbox/webhooks/event-permissions.js';
import { API_KEY, COMPANY, DECLINED_CARD, PAID_PROFILE, memorySandbox, tokenFor, SANDBOX_CAPTCHA_TOKEN } from '../sandbox/support/sandbox.js';

interface Declared { moves: string[]; previous: 'always' | 'optional' | 'never'; members: string[] }
/** Each event type's declared data, read from the generated file. */
function declared(): Map<string, Declared> {
  const text = readFileSync(EVENTS_FILE, 'utf8');
  const types = new Map<string, Declared>();
  for (const [, type, body] of text.matchAll(/extends EventEnvelope<'([a-z_.]+)'> \{\n  data: \{\n([\s\S]*?)\n  \};/g)) {
    const members = [...body!.matchAll(/^ {4}(\w+)\??:/gm)].map((m) => m[1]!);
    const moves = [.../move: ([^;]+);/.exec(body!)![1]!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    const previous = /previousStatus\?:/.test(body!) ? 'optional' : /previousStatus:/.test(body!) ? 'always' : 'never';
    types.set(type!, { moves, previous, members });
  }
  return types;
}

let sandbox: Sandbox;
const api = (method: string, path: string, body?: unknown) => fetch(`${sandbox.url}${path}`, { method, headers: { apiKey: API_KEY, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }).then(async (r) => { const text = await r.text(); return { status: r.status, body: (text ? JSON.parse(text) : undefined) as any }; });

beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

it('every event a sandbox emits matches its generated type: move, previousStatus and the members of data', async () => {
  const sale = await api('POST', '/v1/transaction', { companyId: COMPANY, amount: 1990, paymentProfile: PAID_PROFILE });
  expect(sale.status).toBe(200);
  expect((await api('POST', '/v1/transaction', { companyId: COMPANY, amount: 1990, token: await tokenFor(DECLINED_CARD) })).status).toBe(200);
  expect((await api('PUT', '/v1/transaction/cancel', { companyId: COMPANY, transactionId: sale.body._id })).status).toBe(204);
  const client = await api('POST', '/v1/client', { companyId: COMPANY, name: 'Maria da Silva', doc: '52998224725', email: 'maria@example.com' });
  const charge = (cents: number) => api('POST', '/v1/charge', { companyId: COMPANY, clientId: client.body._id, productId: 'prod_demo_cafe', amount: cents / 100, dueDate: '2099-01-31', paymentMethods: ['CREDIT_CARD', 'PIX'] });
  const byCard = await charge(1990);
  expect((await api('POST', '/v1/charge/pay', { _id: byCard.body._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', token: await tokenFor(), captchaToken: SANDBOX_CAPTCHA_TOKEN })).status).toBe(200);
  const byPix = await charge(2990);
  expect((await api('POST', '/v1/charge/pay', { _id: byPix.body._id, companyId: COMPANY, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN })).status).toBe(200);
  expect((await api('POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId: byPix.body._id, paymentMethod: 'PIX' })).status).toBe(200);

  const events = (await api('GET', `/sandbox/v1/events?companyId=${COMPANY}&limit=500`)).body.items as { type: string; data: Record<string, unknown> }[];
  const types = declared();
  expect([...types.keys()].sort()).toEqual([...EVENT_TYPES].sort());
  expect([...new Set(events.map((e) => e.type))]).toEqual(expect.arrayContaining(['transaction.created', 'transaction.updated', 'charge.created', 'charge.paid']));
  expect(events.length).toBeGreaterThan(6);
  for (const event of events) {
    const type = types.get(event.type)!;
    expect(type, event.type).toBeDefined();
    expect(type.moves, `${event.type} move`).toContain(event.data.move);
    if (type.previous === 'always') expect(event.data, `${event.type} ${String(event.data.move)}`).toHaveProperty('previousStatus');
    if (type.previous === 'never') expect(event.data, `${event.type} ${String(event.data.move)}`).not.toHaveProperty('previousStatus');
    expect(Object.keys(event.data).filter((key) => !type.members.includes(key)), `${event.type} ${String(event.data.move)}`).toEqual([]);
  }
});
