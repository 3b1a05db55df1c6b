// Issue 41: one order of the demo store is paid once, whatever the shopper and the network do. The
// order (named by the page's cookie) has one charge, which card, PIX and boleto all pay through
// POST /v1/charge/pay with the Idempotency-Key `<order>:pay:<attempt>`; the order is fulfilled from
// the store's verified webhooks, once, whatever their order or number. In-process (startDemo), so a
// test can lose the API's answers (apiFetch) and sign deliveries with the store's webhook secret.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { DECLINED_CARD } from '../../test-support/cards.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { API_KEY, COMPANY } from './support/sandbox-api.js';
import { newShopper, type Shopper } from './support/shopper.js';

let demo: Demo;
const fulfilled: string[] = [];
// Answers of POST /v1/charge/pay to lose (the request reached the API, its answer never came back), and the keys sent.
let answersToLose = 0;
const payKeys: string[] = [];
beforeAll(async () => {
  demo = await startDemo({
    port: 0, keysDir: testKeysDir(), fulfil: (order) => fulfilled.push(order.id),
    apiFetch: async (request) => {
      const paying = new URL(request.url).pathname === '/v1/charge/pay';
      if (paying) payKeys.push(request.headers.get('idempotency-key') ?? '');
      const response = await fetch(request);
      if (paying && answersToLose > 0) {
        answersToLose--;
        throw new TypeError('fetch failed'); // the answer lost on the way back
      }
      return response;
    },
  });
});
afterAll(async () => demo?.close());

const sandbox = async (method: string, path: string, body?: object) => {
  const response = await fetch(`${demo.sandboxUrl}${path}`, { method, headers: { apiKey: API_KEY, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: await response.json() };
};
const settle = (chargeId: string, paymentMethod: string) => sandbox('POST', '/sandbox/v1/charges/settle', { companyId: COMPANY, chargeId, paymentMethod });
/** The charge's transactions in the ledger. */
const ledger = async (chargeId: string) => (await sandbox('GET', `/v1/transaction?companyId=${COMPANY}&chargeId=${chargeId}&limit=100`)).body.items as Array<{ _id: string; status: string; paymentMethod: string }>;
const orderOf = (shopper: Shopper) => demo.merchant.orders.get(shopper.cookie.split('=')[1]!)!;
const paidOrder = async (shopper: Shopper) => expect.poll(async () => (await shopper.order()).outcome, { timeout: 10_000 }).toBe('paid');

/** A delivery to the store's POST /webhooks, signed with `secret` (the store's, unless told). */
const deliver = async (event: object, secret = demo.merchant.webhook.secret, body = JSON.stringify(event)) => {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const response = await fetch(demo.merchant.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'svc-signature': `t=${t},v1=${v1}` }, body });
  return { status: response.status, body: await response.json() };
};
/** The company's events about `chargeId`, as the sandbox delivered them (without the listing's seq). */
async function eventsOf(chargeId: string) {
  const { items } = (await sandbox('GET', `/sandbox/v1/events?companyId=${COMPANY}&limit=500`)).body;
  return (items as Array<{ id: string; type: string; seq: number; data: { charge?: { _id: string }; transaction?: { chargeId?: string } } }>)
    .filter((event) => (event.data.charge?._id ?? event.data.transaction?.chargeId) === chargeId)
    .map(({ seq: _seq, ...event }) => event);
}

describe('one order, one charge', () => {
  it('(a) PIX issued, then another way chosen and the card paid: the same charge, the PIX settle refused, one PAID for the order', async () => {
    const shopper = await newShopper(demo);
    const pix = await shopper.pay({ method: 'pix' });
    expect(pix.body.outcome).toBe('pending');
    const chargeId = pix.body.next.charge._id;
    // The PIX asked for again (a reload, a second tab): the same charge's PIX, no new one.
    const again = await shopper.pay({ method: 'pix' });
    expect(again.body.next).toEqual(pix.body.next);
    const card = await shopper.payByCard();
    expect(card.body.outcome).toBe('paid');
    expect(orderOf(shopper).chargeId).toBe(chargeId);
    const refused = await settle(chargeId, 'PIX');
    expect({ status: refused.status, msg: refused.body.error_messages?.[0]?.msg }).toEqual({ status: 400, msg: 'the charge is already paid' });
    const made = await ledger(chargeId);
    expect(made.filter((t) => t.status === 'PAID').map((t) => t.paymentMethod)).toEqual(['CREDIT_CARD']);
    await paidOrder(shopper);
    // A reload after the payment starts a new order: the paid one is never offered again.
    expect((await newShopper(demo)).cookie).not.toBe(shopper.cookie);
  });

  it('a boleto after a PIX replaces it on the charge: the bank settles the boleto (by its line or the PIX it carries) once', async () => {
    const shopper = await newShopper(demo);
    const chargeId = (await shopper.pay({ method: 'pix' })).body.next.charge._id;
    expect((await shopper.pay({ method: 'boleto' })).body.next.charge._id).toBe(chargeId);
    expect((await settle(chargeId, 'BOLETO')).status).toBe(200);
    expect((await settle(chargeId, 'BOLETO')).status).toBe(400);
    expect((await settle(chargeId, 'PIX')).status).toBe(400);
    await paidOrder(shopper);
    expect((await ledger(chargeId)).filter((t) => t.status === 'PAID')).toHaveLength(1);
  });

  it('a declined card, then another card: two attempts of one charge under two keys, one PAID', async () => {
    const shopper = await newShopper(demo);
    const declined = await shopper.payByCard({}, DECLINED_CARD);
    expect(declined.body.outcome).toBe('declined');
    expect((await shopper.payByCard()).body.outcome).toBe('paid');
    const { id, chargeId } = orderOf(shopper);
    expect(payKeys.filter((key) => key.startsWith(id))).toEqual([`${id}:pay:1`, `${id}:pay:2`]);
    expect((await ledger(chargeId!)).map((t) => t.status).sort()).toEqual(['DECLINED', 'PAID']);
  });
});

describe('paid once, whatever the shopper and the network do', () => {
  it('(b) Pay pressed twice: the second request gets the first one\'s answer; one transaction', async () => {
    const shopper = await newShopper(demo);
    const [first, second] = await Promise.all([shopper.payByCard(), shopper.payByCard()]);
    expect(first.body.outcome).toBe('paid');
    expect(second.body).toEqual(first.body);
    expect(await ledger(orderOf(shopper).chargeId!)).toHaveLength(1);
    // Pressed again once paid: the receipt, nothing sent.
    const sent = payKeys.length;
    expect((await shopper.payByCard()).body.transactionId).toBe(first.body.transactionId);
    expect(payKeys.length).toBe(sent);
  });

  it('(b) the answer lost once: the client sends it again with the same key and the API answers the first payment', async () => {
    const shopper = await newShopper(demo);
    answersToLose = 1;
    const paid = await shopper.payByCard();
    expect(paid.body.outcome).toBe('paid');
    const { id, chargeId } = orderOf(shopper);
    expect(payKeys.filter((key) => key.startsWith(id))).toEqual([`${id}:pay:1`, `${id}:pay:1`]);
    expect(await ledger(chargeId!)).toHaveLength(1);
  });

  it('(b) every answer lost: "try again"; the payment had been made, and the webhook says so: Pay again shows the receipt, nothing sent again', async () => {
    const shopper = await newShopper(demo);
    answersToLose = 3; // the client's three attempts
    const lost = await shopper.payByCard();
    expect({ status: lost.status, outcome: lost.body.outcome }).toEqual({ status: 502, outcome: 'error' });
    const { id, chargeId } = orderOf(shopper);
    expect(await ledger(chargeId!)).toHaveLength(1); // paid by the first attempt, though the store never heard
    await paidOrder(shopper); // ... until its webhook came
    const again = await shopper.payByCard();
    expect(again.body.outcome).toBe('paid');
    expect(payKeys.filter((key) => key.startsWith(id))).toEqual(Array(3).fill(`${id}:pay:1`));
    expect(await ledger(chargeId!)).toHaveLength(1);
  });

  it('(b) every answer of a decline lost: Pay again sends the unanswered request first, the same key and body (its decline replayed), then the new card as attempt 2', async () => {
    const shopper = await newShopper(demo);
    answersToLose = 3;
    expect((await shopper.payByCard({}, DECLINED_CARD)).status).toBe(502);
    const { id, chargeId } = orderOf(shopper);
    expect((await shopper.payByCard()).body.outcome).toBe('paid');
    expect(payKeys.filter((key) => key.startsWith(id))).toEqual([...Array(4).fill(`${id}:pay:1`), `${id}:pay:2`]);
    expect((await ledger(chargeId!)).map((t) => t.status).sort()).toEqual(['DECLINED', 'PAID']);
  });
});

describe('fulfilment from verified webhooks', () => {
  it('(c) the events delivered twice and out of order fulfil the order once, and it stays paid', async () => {
    const shopper = await newShopper(demo);
    const chargeId = (await shopper.pay({ method: 'pix' })).body.next.charge._id;
    expect((await settle(chargeId, 'PIX')).status).toBe(200);
    await paidOrder(shopper); // the sandbox's own deliveries
    const { id } = orderOf(shopper);
    expect(fulfilled.filter((made) => made === id)).toHaveLength(1);
    const events = await eventsOf(chargeId);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['charge.updated', 'transaction.created', 'charge.paid']));
    // Newest first (the PIX issued last), each twice.
    for (const event of [...events.reverse(), ...events]) expect((await deliver(event)).status).toBe(200);
    expect(fulfilled.filter((made) => made === id)).toHaveLength(1);
    expect((await shopper.order()).outcome).toBe('paid');
    // The sandbox's deliveries to the store were all acknowledged. The order is paid on the first
    // event that finds the charge PAID; the others may still be on their way: wait for their answers.
    const ours = async () => {
      const { items } = (await sandbox('GET', `/sandbox/v1/webhooks/deliveries?companyId=${COMPANY}`)).body;
      return (items as Array<{ url: string; eventId: string; status: string }>).filter((d) => d.url === demo.merchant.webhook.url && events.some((e) => e.id === d.eventId));
    };
    await expect.poll(async () => (await ours()).filter((d) => d.status === 'pending').length, { timeout: 20_000 }).toBe(0);
    const answered = await ours();
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((d) => d.status)).toEqual(answered.map(() => 'succeeded'));
  });

  it('(c) an event about the order delivered before the payment changes nothing: the store reads the ledger, not the event', async () => {
    const shopper = await newShopper(demo);
    const chargeId = (await shopper.pay({ method: 'pix' })).body.next.charge._id;
    const forged = { id: 'evt_forged_paid', type: 'charge.paid', companyId: COMPANY, createdAt: new Date().toISOString(), data: { charge: { _id: chargeId, status: 'PAID' } } };
    expect((await deliver(forged)).status).toBe(200);
    expect((await shopper.order()).outcome).toBe('pending');
    expect(fulfilled).not.toContain(orderOf(shopper).id);
  });

  it('(d) a bad signature is 400 and changes nothing: the event is not taken, even as seen', async () => {
    const shopper = await newShopper(demo);
    const chargeId = (await shopper.pay({ method: 'pix' })).body.next.charge._id;
    expect((await settle(chargeId, 'PIX')).status).toBe(200);
    await paidOrder(shopper); // the sandbox's own deliveries, first
    const [paidEvent] = (await eventsOf(chargeId)).filter((event) => event.type === 'charge.paid');
    const { id } = orderOf(shopper);
    const before = { order: await shopper.order(), fulfilled: fulfilled.filter((made) => made === id).length };
    const fresh = { ...paidEvent!, id: 'evt_not_seen_yet' };
    expect(await deliver(fresh, 'whsec_wrong')).toEqual({ status: 400, body: { error: 'the signature does not match: refused' } });
    // The header of one body over another body (tampered on the way).
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', demo.merchant.webhook.secret).update(`${t}.${JSON.stringify(fresh)}`).digest('hex');
    const tampered = await fetch(demo.merchant.webhook.url, { method: 'POST', headers: { 'svc-signature': `t=${t},v1=${v1}` }, body: JSON.stringify({ ...fresh, type: 'charge.updated' }) });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(demo.merchant.webhook.url, { method: 'POST', body: JSON.stringify(fresh) });
    expect(unsigned.status).toBe(400);
    expect({ order: await shopper.order(), fulfilled: fulfilled.filter((made) => made === id).length }).toEqual(before);
    // Signed right, the same event id is new to the store: the refused ones were not kept.
    expect(await deliver(fresh)).toEqual({ status: 200, body: { received: 'evt_not_seen_yet' } });
  });
});
