// The demo store's plan sold by PIX Automático (issue 40 item 3) over HTTP: POST /api/subscribe makes
// the order a PIX subscription of the plan and asks its mandate (journey 3: the code pays the first
// charge and authorises); the answer is what the page gives handleNextAction. Asked twice, it is one
// mandate; GET /api/order says the mandate's status as verified webhooks (mandate.updated, read back
// from the API) left it: approved, the first charge is paid and the order fulfilled once; rejected,
// the shopper may ask again (a new mandate) or pay the same charge another way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { API_KEY, COMPANY } from './support/sandbox-api.js';
import { newShopper, type Shopper } from './support/shopper.js';

let demo: Demo;
const fulfilled: string[] = [];
beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir(), fulfil: (order) => { fulfilled.push(order.id); } }); });
afterAll(async () => demo?.close());

const subscribe = async (shopper: Shopper) => {
  const response = await fetch(`${demo.url}/api/subscribe?lang=en`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: shopper.cookie }, body: '{}' });
  return { status: response.status, body: await response.json() };
};
const bank = (mandateId: string, action: string) => fetch(`${demo.sandboxUrl}/sandbox/v1/mandates/bank`, {
  method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: COMPANY, mandateId, action }),
});
const mandateOf = async (shopper: Shopper, status: string) => {
  await expect.poll(async () => (await shopper.order()).mandate?.status, { timeout: 10_000 }).toBe(status);
  return shopper.order();
};

describe('the plan by PIX Automático', () => {
  it('the authorisation code, one mandate however often asked; approved: the first charge paid, the order fulfilled once', async () => {
    const shopper = await newShopper(demo);
    const first = await subscribe(shopper);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'authorise', next: { mandate: { status: 'PENDING', journey: 3, periodicity: 'MENSAL', amount: 2990 }, code: { brCode: expect.stringMatching(/^000201/), pix: { amount: 2990 } } } });
    const again = await subscribe(shopper);
    expect(again.body.next.mandate._id).toBe(first.body.next.mandate._id);
    expect((await shopper.order()).mandate).toEqual({ status: 'PENDING', step: 'wait' });
    expect((await bank(first.body.next.mandate._id, 'approve')).status).toBe(200);
    const order = await mandateOf(shopper, 'ACTIVE');
    expect(order.mandate.step).toBe('debited');
    await expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000 }).toBe('paid');
    expect((await shopper.order()).amount).toBe(2990);
    expect(fulfilled.filter((id) => id === fulfilled.at(-1))).toHaveLength(1);
    // Paid: asking again sends nothing, it answers the paid order.
    expect((await subscribe(shopper)).body.outcome).toBe('paid');
  });

  it('rejected: told with its next step; asked again, a new mandate', async () => {
    const shopper = await newShopper(demo);
    const first = await subscribe(shopper);
    expect((await bank(first.body.next.mandate._id, 'reject')).status).toBe(200);
    expect((await mandateOf(shopper, 'REJECTED')).mandate.step).toBe('ask-again-or-pay');
    expect((await shopper.order()).outcome).not.toBe('paid');
    const second = await subscribe(shopper);
    expect(second.body).toMatchObject({ outcome: 'authorise', next: { mandate: { status: 'PENDING' } } });
    expect(second.body.next.mandate._id).not.toBe(first.body.next.mandate._id);
  });

  it('expired: told with its next step', async () => {
    const shopper = await newShopper(demo);
    const first = await subscribe(shopper);
    expect((await bank(first.body.next.mandate._id, 'expire')).status).toBe(200);
    expect((await mandateOf(shopper, 'EXPIRED')).mandate.step).toBe('ask-again-or-pay');
  });
});
