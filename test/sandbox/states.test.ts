// Issue 23: one state machine per resource. One test per row of each state
// table, through the public API only (the test clock and the sandbox actions
// included), checking the statuses and the events (GET /sandbox/v1/events).
// Every event any test sees is recorded: the last tests check that each one is
// a row of its table (no move outside it), that every row was made by some
// test, and that every status the description calls reachable was reached.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW, type AnyMachine } from '../../packages/sandbox/domain/states/machine.js';
import { MACHINES } from '../../packages/sandbox/http/docs/states.js';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { rowOf, type SeenEvent } from './support/state-rows.js';
import { DECLINED_CARD, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const DECLINED = { ...PAID_PROFILE, cardNumber: DECLINED_CARD.number };
const NETWORK_A = { ...PAID_PROFILE, cardNumber: '4000000000000259' };
const NETWORK_B = { ...PAID_PROFILE, cardNumber: '4000000000001976' };

/** Every event seen by any test of this file, for the last checks. */
const seen: SeenEvent[] = [];

type Company = Awaited<ReturnType<typeof clockCompany>>;
async function company(rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const c = await clockCompany(sandbox, rules, extra);
  let after = 0;
  /** The company's events since the last call (recorded for the file's last checks). */
  const events = async (): Promise<SeenEvent[]> => {
    const items = (await c.as('GET', `/sandbox/v1/events?companyId=${c.companyId}&after=${after}&limit=500`)).body.items as SeenEvent[];
    if (items.length) after = items.at(-1)!.seq;
    seen.push(...items);
    return items;
  };
  /** [type, move, status] of each event since the last call. */
  const moves = async () => (await events()).map((e) => {
    const found = rowOf(e);
    return [e.type, e.data.move, found ? e.data[found.machine.resource].status : '?'];
  });
  const pay = (chargeId: string, profile: Record<string, string> | undefined, paymentMethod = 'CREDIT_CARD') =>
    c.as('POST', '/v1/charge/pay', { companyId: c.companyId, _id: chargeId, paymentMethod, captchaToken: SANDBOX_CAPTCHA_TOKEN, ...(profile ? { paymentProfile: profile } : {}) });
  const charge = async () => (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, amount: 12.5, dueDate: await c.today() })).body;
  const noRoutes = () => c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, routes: [] });
  const transaction = async (id: string) => (await c.as('GET', `/v1/transaction/full?transactionId=${id}`)).body;
  const clientOf = async (id: string) => (await c.as('GET', `/v1/client?id=${id}&companyId=${c.companyId}`)).body.items[0];
  return { ...c, events, moves, pay, charge, noRoutes, transaction, clientOf };
}
type Co = Awaited<ReturnType<typeof company>>;
const card = (c: Company | Co, profile: Record<string, string> = PAID_PROFILE, extra: Record<string, unknown> = {}) =>
  c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 1000, paymentProfile: profile, ...extra });

describe('transaction rows', () => {
  it('(new) card_payment -> PAID, AUTHORIZED, DECLINED: transaction.created with the transaction as written', async () => {
    const c = await company();
    const paid = (await card(c)).body;
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    const declined = (await card(c, DECLINED)).body;
    expect([paid.status, authorized.status, declined.status]).toEqual(['PAID', 'AUTHORIZED', 'DECLINED']);
    const events = await c.events();
    expect(events.map((e) => [e.type, e.data.move, e.data.transaction.status])).toEqual([
      ['transaction.created', 'card_payment', 'PAID'], ['transaction.created', 'card_payment', 'AUTHORIZED'], ['transaction.created', 'card_payment', 'DECLINED']]);
    expect(events.map((e) => e.data.transaction)).toEqual([paid, authorized, declined]);
  });

  it('(new) card_payment -> NO_PAYMENT_ROUTE when no route takes the card', async () => {
    const c = await company();
    await c.noRoutes();
    expect((await card(c)).body.status).toBe('NO_PAYMENT_ROUTE');
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'NO_PAYMENT_ROUTE']]);
  });

  it('AUTHORIZED capture -> PAID: transaction.updated after the write; a second capture is refused 400 and changes nothing', async () => {
    const c = await company();
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    await c.events();
    const captured = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id, amount: 1000 });
    expect(captured.body.data.status).toBe('PAID');
    const [event] = await c.events();
    expect(event).toMatchObject({ type: 'transaction.updated', data: { move: 'capture', previousStatus: 'AUTHORIZED', transaction: { status: 'PAID' } } });
    expect(event!.data.transaction.updatedAt).toBe(captured.body.data.updatedAt);
    const again = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id, amount: 1000 });
    expect(again.status).toBe(400);
    expect(again.body.error_messages[0]).toMatchObject({ path: 'transactionId' });
    expect(await c.events()).toEqual([]);
  });

  it('authorization_lapsed: AUTHORIZED -> CANCELED when the clock passes its captureBefore (7 days on, row 17, stamped then), no payables; a capture after it is refused 400', async () => {
    const c = await company();
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    expect(Date.parse(authorized.captureBefore) - Date.parse(authorized.createdAt)).toBe(7 * 86_400_000);
    await c.events();
    expect((await c.advance(6)).moves).toEqual([]);
    const moved = (await c.advance(1)).moves; // the lapse comes after the move, at the new time
    expect(moved).toEqual([{ row: 17, resource: 'transaction', id: authorized._id, to: 'CANCELED' }]);
    expect(await c.moves()).toEqual([['transaction.updated', 'authorization_lapsed', 'CANCELED']]);
    expect(await c.transaction(authorized._id)).toMatchObject({ status: 'CANCELED', updatedAt: authorized.captureBefore, message: `Authorization lapsed: not captured by ${authorized.captureBefore}`, payables: [] });
    const late = await c.as('POST', '/v1/transaction/capture', { companyId: c.companyId, transactionId: authorized._id });
    expect(late.status).toBe(400);
    expect(late.body.error_messages[0]).toMatchObject({ path: 'transactionId', msg: expect.stringMatching(/CANCELED/) });
  });

  it('PAID and AUTHORIZED refund -> CANCELED (PUT /v1/transaction/cancel): transaction.updated; the charge it paid refunded -> CANCELED', async () => {
    const c = await company();
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    await c.events();
    expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: authorized._id })).status).toBe(204);
    expect((await c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId: paid._id })).status).toBe(204);
    expect(await c.moves()).toEqual([
      ['transaction.updated', 'refund', 'CANCELED'],
      ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded', 'CANCELED']]);
  });
});

describe('charge rows', () => {
  it('(new) created -> ACTIVE (POST /v1/charge): charge.created', async () => {
    const c = await company();
    const charge = await c.charge();
    expect(charge.status).toBe('ACTIVE');
    expect(await c.events()).toEqual([expect.objectContaining({ type: 'charge.created', data: { charge, move: 'created' } })]);
  });

  it('open paid -> PAID (POST /v1/charge/pay): charge.paid carries the charge after the write', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.events();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
    const events = await c.events();
    expect(events.map((e) => e.type)).toEqual(['transaction.created', 'charge.paid']);
    expect(events[1]!.data).toEqual({ charge: paid.charge, previousStatus: 'ACTIVE', move: 'paid', transactionId: paid.transaction._id });
    expect(paid.charge.status).toBe('PAID');
  });

  it('open declined -> (unchanged) (POST /v1/charge/pay, a declined card): charge.payment_failed, attempts and updatedAt moved', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.events();
    await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 60 });
    const answer = (await c.pay(charge._id, DECLINED)).body;
    expect(answer.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
    expect(answer.charge.updatedAt).not.toBe(charge.updatedAt);
    expect(answer.charge.updatedAt).toBe(answer.transaction.createdAt);
    const events = await c.events();
    expect(events.map((e) => e.type)).toEqual(['transaction.created', 'charge.payment_failed']);
    expect(events[1]!.data).toEqual({ charge: answer.charge, previousStatus: 'ACTIVE', move: 'declined', transactionId: answer.transaction._id });
  });

  it('open no_route -> NO_PAYMENT_ROUTE (POST /v1/charge/pay with no route): charge.payment_failed', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.noRoutes();
    await c.events();
    expect((await c.pay(charge._id, PAID_PROFILE)).body.charge.status).toBe('NO_PAYMENT_ROUTE');
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'NO_PAYMENT_ROUTE'], ['charge.payment_failed', 'no_route', 'NO_PAYMENT_ROUTE']]);
  });

  it('open slip_issued -> PENDING_PAYMENT (POST /v1/charge/pay by PIX), PENDING_PAYMENT slip_expired -> ACTIVE, (new) slip_expired -> DISCARDED, (new) slip_settled -> PAID: PIX expired then settled', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.events();
    const issued = (await c.pay(charge._id, undefined, 'PIX')).body;
    expect(issued.charge).toMatchObject({ status: 'PENDING_PAYMENT', slip: { paymentMethod: 'PIX' } });
    const [event] = await c.events();
    expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'slip_issued', previousStatus: 'ACTIVE', charge: issued.charge } });
    await c.as('POST', '/sandbox/v1/charges/expire', { companyId: c.companyId, chargeId: charge._id });
    expect(await c.moves()).toEqual([['transaction.created', 'slip_expired', 'DISCARDED'], ['charge.payment_failed', 'slip_expired', 'ACTIVE']]);
    await c.pay(charge._id, undefined, 'PIX');
    expect(await c.moves()).toEqual([['charge.updated', 'slip_issued', 'PENDING_PAYMENT']]);
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
    expect(await c.moves()).toEqual([['transaction.created', 'slip_settled', 'PAID'], ['charge.paid', 'paid', 'PAID']]);
  });

  it('PAID refunded_alert -> CANCELED_ALERT_NETWORK_A (a NETWORK_A card pays the charge)', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.events();
    await c.pay(charge._id, NETWORK_A);
    expect(await c.moves()).toEqual([
      ['transaction.created', 'card_payment', 'PAID'], ['charge.paid', 'paid', 'PAID'],
      ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded_alert', 'CANCELED_ALERT_NETWORK_A'], ['alert.created', 'raised', 'REFUNDED']]);
  });
});

describe('subscription, charge and client rows of billing', () => {
  it('(new) created -> PENDING_PAYMENT then paid -> ACTIVE (POST /v1/subscription); (new) created -> CREATED (POST /v2/subscription), its client PENDING_PAYMENT', async () => {
    const c = await company();
    const sub = await c.v1();
    expect(sub.status).toBe('ACTIVE');
    expect(await c.moves()).toEqual([
      ['subscription.created', 'created', 'PENDING_PAYMENT'], ['charge.created', 'created', 'ACTIVE'],
      ['transaction.created', 'card_payment', 'PAID'], ['charge.paid', 'paid', 'PAID'], ['subscription.updated', 'paid', 'ACTIVE']]);
    const { subscription } = await c.v2();
    expect(await c.moves()).toEqual([['subscription.created', 'created', 'CREATED'], ['client.updated', 'subscriptions_changed', 'PENDING_PAYMENT'], ['charge.created', 'created', 'ACTIVE']]);
    expect((await c.clientOf(subscription.clientId)).status).toBe('PENDING_PAYMENT');
  });

  it('payment_failed -> ERROR_PAYMENT on charge and subscription (POST /v1/subscription, a declined card); client ERROR_PAYMENT', async () => {
    const c = await company();
    const sub = await c.v1(DECLINED);
    expect(sub.status).toBe('ERROR_PAYMENT');
    const moves = await c.moves();
    expect(moves).toContainEqual(['charge.payment_failed', 'payment_failed', 'ERROR_PAYMENT']);
    expect(moves).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
  });

  it('no_route -> NO_PAYMENT_ROUTE on the subscription (POST /v1/subscription with no route)', async () => {
    const c = await company();
    await c.noRoutes();
    expect((await c.v1()).status).toBe('NO_PAYMENT_ROUTE');
    expect(await c.moves()).toContainEqual(['subscription.updated', 'no_route', 'NO_PAYMENT_ROUTE']);
  });

  it('overdue -> OVERDUE on charge and subscription (the test clock, row 5); client ERROR_PAYMENT', async () => {
    const c = await company();
    const { subscription } = await c.v2();
    await c.advance(2);
    const moves = await c.moves();
    expect(moves).toContainEqual(['charge.overdue', 'overdue', 'OVERDUE']);
    expect(moves).toContainEqual(['subscription.updated', 'overdue', 'OVERDUE']);
    expect(moves).toContainEqual(['client.updated', 'subscriptions_changed', 'ERROR_PAYMENT']);
    expect((await c.full(subscription._id)).status).toBe('OVERDUE');
  });

  it('ended_unpaid -> NO_PAYMENT and its open charge ended_unpaid -> NO_PAYMENT (CARD_ATTEMPTS); client NO_PAYMENT', async () => {
    const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const { subscription, charge } = await c.v2();
    await c.events();
    await c.pay(charge._id, DECLINED);
    const moves = await c.moves();
    expect(moves).toContainEqual(['charge.updated', 'ended_unpaid', 'NO_PAYMENT']);
    expect(moves).toContainEqual(['subscription.canceled', 'ended_unpaid', 'NO_PAYMENT']);
    expect(moves).toContainEqual(['client.updated', 'subscriptions_changed', 'NO_PAYMENT']);
    expect((await c.full(subscription._id)).status).toBe('NO_PAYMENT');
  });

  it('ended_manual -> CANCELED_MANUAL with its open charges (PUT /v1/subscription/cancel); canceling again is a success that moves nothing', async () => {
    const c = await company();
    const { subscription } = await c.v2();
    await c.events();
    await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id });
    expect(await c.moves()).toEqual([['charge.updated', 'ended_manual', 'CANCELED_MANUAL'], ['subscription.canceled', 'ended_manual', 'CANCELED_MANUAL'], ['client.updated', 'subscriptions_changed', 'ACTIVE']]);
    expect((await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id })).body.success).toBe(true);
    expect(await c.events()).toEqual([]);
  });

  it('ended_alert -> CANCELED_ALERT_NETWORK_A with its open charge; (new) raised -> CREATED (NETWORK_A on a declined payment: nothing to refund); client CANCELED_ALERT_NETWORK_A', async () => {
    const c = await company();
    const { charge, subscription } = await c.v2();
    const declined = (await c.pay(charge._id, DECLINED)).body.transaction;
    await c.events();
    const alert = (await c.as('POST', '/sandbox/v1/alerts', { companyId: c.companyId, transactionId: declined._id, type: 'NETWORK_A' })).body;
    expect(alert.status).toBe('CREATED');
    expect(await c.moves()).toEqual([
      ['charge.updated', 'ended_alert', 'CANCELED_ALERT_NETWORK_A'], ['subscription.canceled', 'ended_alert', 'CANCELED_ALERT_NETWORK_A'],
      ['client.updated', 'subscriptions_changed', 'CANCELED_ALERT_NETWORK_A'], ['alert.created', 'raised', 'CREATED']]);
    expect((await c.full(subscription._id)).status).toBe('CANCELED_ALERT_NETWORK_A');
  });
});

describe('charge, subscription and client statuses (issue 23): recovered, imported, refund refused, anticipated, held, disabled', () => {
  const hold = (c: Co, subscriptionId: string, action: string) => c.as('POST', '/sandbox/v1/subscriptions/hold', { companyId: c.companyId, subscriptionId, action });

  it('OVERDUE recovered -> RECOVERED on charge and subscription (the clock past dueDate, then POST /v1/charge/pay): charge.paid and subscription.updated carry them as written; the client ACTIVE again', async () => {
    const c = await company();
    const { subscription, charge } = await c.v2();
    await c.advance(2);
    expect((await c.full(subscription._id)).status).toBe('OVERDUE');
    await c.events();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
    expect(paid.charge.status).toBe('RECOVERED');
    const events = await c.events();
    expect(events.map((e) => [e.type, e.data.move, e.data.previousStatus])).toEqual([
      ['transaction.created', 'card_payment', undefined], ['subscription.updated', 'recovered', 'OVERDUE'], ['client.updated', 'subscriptions_changed', 'ERROR_PAYMENT'], ['charge.paid', 'recovered', 'OVERDUE']]);
    expect(events[3]!.data.charge).toEqual(paid.charge);
    expect(events[1]!.data.subscription).toMatchObject({ _id: subscription._id, status: 'RECOVERED', updatedAt: paid.transaction.updatedAt });
    expect((await c.full(subscription._id)).status).toBe('RECOVERED');
    expect((await c.clientOf(subscription.clientId)).status).toBe('ACTIVE');
    expect((await c.pay(charge._id, PAID_PROFILE)).status).toBe(400);
  });

  it('(new) imported -> IMPORTED for subscription and first charge (POST /v1/subscription/list), the client PENDING_PAYMENT; IMPORTED paid -> PAID and ACTIVE', async () => {
    const c = await company();
    await c.events();
    const queued = (await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list: [{ productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: 'CREDIT_CARD' }] })).body;
    let batch;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await c.as('GET', `/sandbox/v1/subscription/batches/${queued.batchId}`)).body;
    } while (batch.status !== 'done');
    const [{ subscriptionId, chargeId }] = batch.results;
    expect(await c.full(subscriptionId)).toMatchObject({ status: 'IMPORTED', origin: 'IMPORTED', charges: [{ _id: chargeId, status: 'IMPORTED' }] });
    expect(await c.moves()).toEqual([['subscription.created', 'imported', 'IMPORTED'], ['client.updated', 'subscriptions_changed', 'PENDING_PAYMENT'], ['charge.created', 'imported', 'IMPORTED']]);
    expect((await c.pay(chargeId, PAID_PROFILE)).body.charge.status).toBe('PAID');
    expect(await c.moves()).toEqual([
      ['transaction.created', 'card_payment', 'PAID'], ['subscription.updated', 'paid', 'ACTIVE'], ['client.updated', 'subscriptions_changed', 'ACTIVE'], ['charge.paid', 'paid', 'PAID']]);
  });

  it('an IMPORTED charge unpaid past its due date overdue -> OVERDUE by the test clock (row 5), as an ACTIVE one', async () => {
    const c = await company();
    const queued = (await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list: [{ productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: 'PIX' }] })).body;
    let batch;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      batch = (await c.as('GET', `/sandbox/v1/subscription/batches/${queued.batchId}`)).body;
    } while (batch.status !== 'done');
    await c.events();
    await c.advance(2);
    const moves = await c.moves();
    expect(moves).toContainEqual(['charge.overdue', 'overdue', 'OVERDUE']);
    expect(moves).toContainEqual(['subscription.updated', 'overdue', 'OVERDUE']);
    expect(await c.full(batch.results[0].subscriptionId)).toMatchObject({ status: 'OVERDUE', charges: [{ status: 'OVERDUE' }] });
  });

  it('PAID refund_failed -> ERROR_REFUNDED on the charge when its payment\'s refund is refused (a refund_refused fault, then a NETWORK_B alert): payables kept', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: paid.acquirer.provider, kind: 'refund_refused', seconds: 3600 });
    await c.events();
    expect((await c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, transactionId: paid._id, type: 'NETWORK_B' })).body.status).toBe('ERROR_REFUNDED');
    const events = await c.events();
    expect(events.map((e) => [e.type, e.data.move, e.data[rowOf(e)!.machine.resource].status])).toEqual([
      ['transaction.updated', 'refund_failed', 'ERROR_REFUNDED'], ['charge.updated', 'refund_failed', 'ERROR_REFUNDED'], ['alert.created', 'rdr_refund_failed', 'ERROR_REFUNDED']]);
    expect(events[1]!.data).toMatchObject({ previousStatus: 'PAID', transactionId: paid._id, charge: { _id: charge._id, status: 'ERROR_REFUNDED', active: true } });
    expect((await c.transaction(paid._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
  });

  it('PAID anticipated -> ANTICIPATED (POST /sandbox/v1/charges/anticipate): the company\'s waiting payables PAID today less 1.99% per 30 days early, rounded half up; again, or a PIX paid D+0, is 409 conflict and moves nothing', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    const [before] = (await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items;
    expect(before.status).toBe('WAITING_FUNDS');
    const today = await c.today();
    const days = (Date.parse(before.availableOn) - Date.parse(today)) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    const fee = Math.floor((before.netAmount * 199 * days + 150_000) / 300_000);
    await c.events();
    const answer = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: charge._id });
    expect(answer.status).toBe(200);
    expect(answer.body.charge.status).toBe('ANTICIPATED');
    const after = { ...before, status: 'PAID', netAmount: before.netAmount - fee, anticipationFee: fee, anticipatedFrom: before.availableOn, availableOn: today, updatedAt: expect.any(String) };
    expect(answer.body.anticipation).toEqual({ transactionId: paid._id, payables: [after], fee, netAmount: before.netAmount - fee });
    expect((await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items).toEqual([after]);
    const [event] = await c.events();
    expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'anticipated', previousStatus: 'PAID', charge: answer.body.charge, transactionId: paid._id, anticipation: { fee, netAmount: before.netAmount - fee } } });
    const again = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: charge._id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'chargeId' }] });
    const pix = await c.charge();
    await c.pay(pix._id, undefined, 'PIX');
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: pix._id, paymentMethod: 'PIX' });
    await c.events();
    const nothing = await c.as('POST', '/sandbox/v1/charges/anticipate', { companyId: c.companyId, chargeId: pix._id });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error_messages[0]).toMatchObject({ path: 'chargeId', msg: expect.stringMatching(/nothing to anticipate/) });
    expect(await c.events()).toEqual([]);
  });

  it('the anticipation fee is netAmount x 199 x days / 300,000 rounded half up, never more than netAmount (property)', async () => {
    const { anticipationFee } = await import('../../packages/sandbox/domain/billing-actions.js');
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 400 }), (net, days) => {
      const fee = anticipationFee(net, days);
      const exact = (net * 199 * days) / 300_000;
      expect(Number.isInteger(fee)).toBe(true);
      expect(fee).toBe(Math.min(net, exact - Math.floor(exact) >= 0.5 ? Math.ceil(exact) : Math.floor(exact)));
    }));
    expect(anticipationFee(10_000, 30)).toBe(199);
    expect(anticipationFee(150, 5)).toBe(0); // 0.4975 cents: rounds down
    expect(anticipationFee(1_508, 5)).toBe(5); // 5.0020... cents
  });

  it('paused -> STANDBY, resumed -> ACTIVE, blocked -> BLOCKED (from live and from STANDBY), unblocked -> ACTIVE on subscription and its open charges (POST /sandbox/v1/subscriptions/hold); held, nothing is billed or payable; the client ERROR_PAYMENT while BLOCKED', async () => {
    const c = await company();
    await c.startADay();
    const { subscription, charge } = await c.v2();
    await c.pay(charge._id, undefined, 'PIX');
    await c.events();
    const paused = await hold(c, subscription._id, 'pause');
    expect(paused.body.status).toBe('STANDBY');
    expect(await c.moves()).toEqual([['charge.updated', 'paused', 'STANDBY'], ['subscription.updated', 'paused', 'STANDBY'], ['client.updated', 'subscriptions_changed', 'ACTIVE']]);
    const full = await c.full(subscription._id);
    expect(full.charges[0]).toMatchObject({ status: 'STANDBY' });
    expect(full.charges[0].slip).toBeUndefined();
    expect((await c.pay(charge._id, PAID_PROFILE)).body.error_messages[0]).toMatchObject({ path: '_id', msg: expect.stringMatching(/STANDBY/) });
    expect((await c.advance(40)).moves).toEqual([]);
    expect(await c.events()).toEqual([]);
    const resumed = (await hold(c, subscription._id, 'resume')).body;
    expect(resumed.status).toBe('ACTIVE');
    expect(resumed.nextChargeDate > (await c.today())).toBe(true);
    expect(await c.moves()).toEqual([['charge.updated', 'resumed', 'ACTIVE'], ['subscription.updated', 'resumed', 'ACTIVE']]);
    expect((await hold(c, subscription._id, 'block')).body.status).toBe('BLOCKED');
    expect(await c.moves()).toEqual([['charge.updated', 'blocked', 'BLOCKED'], ['subscription.updated', 'blocked', 'BLOCKED'], ['client.updated', 'subscriptions_changed', 'ERROR_PAYMENT']]);
    const again = await hold(c, subscription._id, 'pause');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'subscriptionId' }] });
    expect((await hold(c, subscription._id, 'unblock')).body.status).toBe('ACTIVE');
    expect(await c.moves()).toEqual([['charge.updated', 'unblocked', 'ACTIVE'], ['subscription.updated', 'unblocked', 'ACTIVE'], ['client.updated', 'subscriptions_changed', 'ACTIVE']]);
    await hold(c, subscription._id, 'pause');
    await hold(c, subscription._id, 'block');
    expect(await c.moves()).toEqual([
      ['charge.updated', 'paused', 'STANDBY'], ['subscription.updated', 'paused', 'STANDBY'],
      ['charge.updated', 'blocked', 'BLOCKED'], ['subscription.updated', 'blocked', 'BLOCKED'], ['client.updated', 'subscriptions_changed', 'ERROR_PAYMENT']]);
    await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id });
    expect(await c.moves()).toEqual([['charge.updated', 'ended_manual', 'CANCELED_MANUAL'], ['subscription.canceled', 'ended_manual', 'CANCELED_MANUAL'], ['client.updated', 'subscriptions_changed', 'ACTIVE']]);
  });

  it('open disabled -> DISABLED (POST /sandbox/v1/charges/disable): inactive, its slip gone, never payable; again is 409 conflict and moves nothing', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.pay(charge._id, undefined, 'BOLETO');
    await c.events();
    const disabled = await c.as('POST', '/sandbox/v1/charges/disable', { companyId: c.companyId, chargeId: charge._id });
    expect(disabled.body).toMatchObject({ status: 'DISABLED', active: false });
    expect(disabled.body.slip).toBeUndefined();
    const [event] = await c.events();
    expect(event).toMatchObject({ type: 'charge.updated', data: { move: 'disabled', previousStatus: 'PENDING_PAYMENT', charge: disabled.body } });
    expect((await c.pay(charge._id, PAID_PROFILE)).status).toBe(400);
    const again = await c.as('POST', '/sandbox/v1/charges/disable', { companyId: c.companyId, chargeId: charge._id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'chargeId' }] });
    expect(await c.events()).toEqual([]);
  });

  it('one client through its five statuses, each read by GET /v1/client and told by client.updated: ACTIVE, PENDING_PAYMENT, ACTIVE, ERROR_PAYMENT, NO_PAYMENT, CANCELED_ALERT_NETWORK_A', async () => {
    const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    await c.startADay();
    const status = async () => (await c.clientOf(c.client._id)).status;
    const told = async () => (await c.events()).filter((e) => e.type === 'client.updated').map((e) => e.data.client.status);
    expect(await status()).toBe('ACTIVE');
    await c.events();
    const first = await c.v2();
    expect([await status(), await told()]).toEqual(['PENDING_PAYMENT', ['PENDING_PAYMENT']]);
    await c.pay(first.charge._id, PAID_PROFILE);
    expect([await status(), await told()]).toEqual(['ACTIVE', ['ACTIVE']]);
    await c.v2();
    await c.events();
    await c.advance(2);
    expect([await status(), await told()]).toEqual(['ERROR_PAYMENT', ['ERROR_PAYMENT']]);
    const lost = await c.v2();
    await c.pay(lost.charge._id, DECLINED);
    expect([await status(), await told()]).toEqual(['NO_PAYMENT', ['NO_PAYMENT']]);
    const noticed = await c.v2();
    await c.pay(noticed.charge._id, NETWORK_A);
    expect([await status(), await told()]).toEqual(['CANCELED_ALERT_NETWORK_A', ['CANCELED_ALERT_NETWORK_A']]);
  });
});

describe('alert rows', () => {
  it('(new) raised -> REFUNDED (POST /sandbox/v1/alerts NETWORK_A on a paid transaction), resolved -> RESOLVED; resolving again emits nothing', async () => {
    const c = await company();
    const paid = (await card(c)).body;
    await c.events();
    const alert = (await c.as('POST', '/sandbox/v1/alerts', { companyId: c.companyId, transactionId: paid._id, type: 'NETWORK_A' })).body;
    expect(alert.status).toBe('REFUNDED');
    expect(await c.moves()).toEqual([['transaction.updated', 'refund', 'CANCELED'], ['alert.created', 'raised', 'REFUNDED']]);
    await c.as('POST', '/v1/alert/update/resolved', { companyId: c.companyId, alertId: alert._id });
    expect(await c.moves()).toEqual([['alert.updated', 'resolved', 'RESOLVED']]);
    await c.as('POST', '/v1/alert/update/resolved', { companyId: c.companyId, alertId: alert._id });
    expect(await c.events()).toEqual([]);
  });

  it('NETWORK_B raised -> CREATED on payment with its test card', async () => {
    const c = await company();
    await card(c, NETWORK_B);
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'PAID'], ['alert.created', 'raised', 'CREATED']]);
  });
});

describe('alert network rows (POST /sandbox/v1/alerts/raise)', () => {
  const raise = (c: Co, body: Record<string, unknown>) => c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, ...body });
  const respond = (c: Co, alertId: string, action: string) => c.as('POST', '/sandbox/v1/alerts/respond', { companyId: c.companyId, alertId, action });

  it('NETWORK_A (new) network_raised -> CREATED with respondBy 3 days on, acknowledged -> ACKNOWLEDGEMENT, merchant_refunded -> REFUNDED (the transaction refunded, its charge refunded_alert); a second acknowledge is 409 conflict and moves nothing', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    await c.events();
    const today = await c.today();
    const alert = (await raise(c, { transactionId: paid._id, type: 'NETWORK_A', externalReference: 'eth-1' })).body;
    expect(alert).toMatchObject({ status: 'CREATED', type: 'NETWORK_A', transactionId: paid._id, externalReference: 'eth-1', values: { amount: 1250 } });
    expect(Date.parse(alert.respondBy) - Date.parse(today)).toBe(3 * 86_400_000);
    expect(await c.moves()).toEqual([['alert.created', 'network_raised', 'CREATED']]);
    expect((await c.transaction(paid._id)).status).toBe('PAID');
    expect((await respond(c, alert._id, 'acknowledge')).body.status).toBe('ACKNOWLEDGEMENT');
    expect(await c.moves()).toEqual([['alert.updated', 'acknowledged', 'ACKNOWLEDGEMENT']]);
    const again = await respond(c, alert._id, 'acknowledge');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'alertId' }] });
    expect(await c.events()).toEqual([]);
    expect((await respond(c, alert._id, 'refund')).body.status).toBe('REFUNDED');
    expect(await c.moves()).toEqual([
      ['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded_alert', 'CANCELED_ALERT_NETWORK_A'], ['alert.updated', 'merchant_refunded', 'REFUNDED']]);
    expect((await c.transaction(paid._id)).status).toBe('CANCELED');
  });

  it('NETWORK_A window_lapsed -> DISPUTE by the test clock the day after respondBy (row 15): the transaction dispute_opened -> DISPUTE, its charge disputed -> DISPUTE; an acknowledged alert lapses not', async () => {
    const c = await company();
    await c.startADay();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    const handled = (await card(c)).body;
    const alert = (await raise(c, { transactionId: paid._id, type: 'NETWORK_A' })).body;
    const acknowledged = (await raise(c, { transactionId: handled._id, type: 'NETWORK_A' })).body;
    await respond(c, acknowledged._id, 'acknowledge');
    await c.events();
    expect((await c.advance(3)).moves).toEqual([]);
    expect(await c.events()).toEqual([]);
    expect((await c.advance(1)).moves).toEqual([{ row: 15, resource: 'alert', id: alert._id, to: 'DISPUTE' }]);
    expect(await c.moves()).toEqual([
      ['alert.updated', 'window_lapsed', 'DISPUTE'], ['transaction.updated', 'dispute_opened', 'DISPUTE'], ['charge.updated', 'disputed', 'DISPUTE']]);
    expect((await c.transaction(paid._id)).status).toBe('DISPUTE');
    expect((await c.transaction(handled._id)).status).toBe('PAID');
  });

  it('NETWORK_B (new) rdr_refunded -> REFUNDED (the transaction refund -> CANCELED, its charge refunded -> CANCELED); under a refund_refused fault (new) rdr_refund_failed -> ERROR_REFUNDED and the transaction refund_failed -> ERROR_REFUNDED', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    await c.events();
    expect((await raise(c, { transactionId: paid._id, type: 'NETWORK_B' })).body).toMatchObject({ status: 'REFUNDED', type: 'NETWORK_B', transactionId: paid._id });
    expect(await c.moves()).toEqual([['transaction.updated', 'refund', 'CANCELED'], ['charge.updated', 'refunded', 'CANCELED'], ['alert.created', 'rdr_refunded', 'REFUNDED']]);
    const refused = (await card(c)).body;
    const fault = await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: refused.acquirer.provider, kind: 'refund_refused', seconds: 3600 });
    expect(fault.status).toBe(200);
    await c.events();
    expect((await raise(c, { transactionId: refused._id, type: 'NETWORK_B' })).body.status).toBe('ERROR_REFUNDED');
    expect(await c.moves()).toEqual([['transaction.updated', 'refund_failed', 'ERROR_REFUNDED'], ['alert.created', 'rdr_refund_failed', 'ERROR_REFUNDED']]);
    expect(await c.transaction(refused._id)).toMatchObject({ status: 'ERROR_REFUNDED', payables: [{ status: 'WAITING_FUNDS' }] });
  });

  it('(new) network_raised -> NOT_FOUND for a notice naming no transaction of the company (none, unknown, another company\'s); a transaction not PAID is 409 conflict on transactionId and moves nothing', async () => {
    const c = await company();
    const other = await company();
    const theirs = (await card(other)).body;
    await c.events();
    for (const transactionId of [undefined, 'no_such_transaction', theirs._id]) {
      const alert = (await raise(c, { type: 'NETWORK_A', ...(transactionId ? { transactionId } : {}), externalReference: 'ref-nf' })).body;
      expect(alert).toMatchObject({ status: 'NOT_FOUND', externalReference: 'ref-nf', values: { amount: 0 } });
      expect(alert.transactionId).toBeUndefined();
    }
    expect(await c.moves()).toEqual(Array(3).fill(['alert.created', 'network_raised', 'NOT_FOUND']));
    expect((await other.as('GET', `/v1/transaction/full?transactionId=${theirs._id}`)).body.status).toBe('PAID');
    const declined = (await card(c, DECLINED)).body;
    await c.events();
    const refused = await raise(c, { transactionId: declined._id, type: 'NETWORK_B' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'transactionId' }] });
    expect(await c.events()).toEqual([]);
  });
});

const REVIEW_CARD = { ...PAID_PROFILE, cardNumber: '4000000000004954' };

describe('fraud review rows', () => {
  it('(new) card_payment -> IN_ANALYSIS (the fraud-review card), review_started -> PENDING_REVIEW, review_approved -> PAID with payables (sandbox actions)', async () => {
    const c = await company();
    const held = (await card(c, REVIEW_CARD)).body;
    expect(held).toMatchObject({ status: 'IN_ANALYSIS', review: { dueBy: expect.any(String) } });
    expect((await c.transaction(held._id)).payables).toEqual([]);
    const review = (decision: string) => c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: held._id, decision });
    expect((await review('flag')).body.status).toBe('PENDING_REVIEW');
    expect((await review('approve')).body.status).toBe('PAID');
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'IN_ANALYSIS'], ['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_approved', 'PAID']]);
    expect((await c.transaction(held._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    const again = await review('approve');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'transactionId' }] });
    expect(await c.events()).toEqual([]);
  });

  it('review_denied -> DECLINED by the action; the test clock flags a held payment the next day (row 11) and denies it after review.dueBy (row 12)', async () => {
    const c = await company();
    await c.startADay();
    const denied = (await card(c, REVIEW_CARD)).body;
    expect((await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: denied._id, decision: 'deny' })).body.status).toBe('DECLINED');
    const lapsing = (await card(c, REVIEW_CARD)).body;
    await c.events();
    const first = (await c.advance(1)).moves;
    expect(first).toEqual([{ row: 11, resource: 'transaction', id: lapsing._id, to: 'PENDING_REVIEW' }]);
    const later = (await c.advance(3)).moves;
    expect(later).toEqual([{ row: 12, resource: 'transaction', id: lapsing._id, to: 'DECLINED' }]);
    expect(await c.moves()).toEqual([['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_denied', 'DECLINED']]);
    expect((await c.transaction(lapsing._id)).message).toBe('Denied by the fraud review');
  });

  it('a charge\'s payment (POST /v1/charge/pay) with the review card: IN_ANALYSIS, the charge waits (ACTIVE, no charge event); review_approved -> PAID with payables, the charge PAID (charge.paid)', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.events();
    const paying = (await c.pay(charge._id, REVIEW_CARD)).body;
    expect([paying.charge.status, paying.transaction.status]).toEqual(['ACTIVE', 'IN_ANALYSIS']);
    expect(paying.transaction).toMatchObject({ chargeId: charge._id, review: { dueBy: expect.any(String) } });
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'IN_ANALYSIS']]);
    expect((await c.transaction(paying.transaction._id)).payables).toEqual([]);
    const approved = await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: paying.transaction._id, decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'PAID', message: 'Approved after fraud review' });
    expect(approved.body.review).toBeUndefined();
    expect(await c.moves()).toEqual([['transaction.updated', 'review_approved', 'PAID'], ['charge.paid', 'paid', 'PAID']]);
    expect((await c.transaction(paying.transaction._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    const again = await c.pay(charge._id, PAID_PROFILE);
    expect(again.status).toBe(400);
    expect(again.body.error_messages).toEqual([expect.objectContaining({ path: '_id', msg: 'the charge is already paid' })]);
  });

  it('a charge\'s payment denied in review (the action, or the test clock after review.dueBy): the charge\'s failed attempt (attempts + 1, status left, charge.payment_failed), then payable by another card', async () => {
    const c = await company();
    await c.startADay();
    // Due in 30 days: the clock's 4 days below do not make it OVERDUE.
    const dueDate = new Date(Date.parse(await c.today()) + 30 * 86_400_000).toISOString().slice(0, 10);
    const charge = (await c.as('POST', '/v1/charge', { companyId: c.companyId, clientId: c.client._id, productId: c.product._id, amount: 12.5, dueDate })).body;
    const denied = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
    await c.events();
    expect((await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: denied._id, decision: 'deny' })).body.status).toBe('DECLINED');
    expect(await c.moves()).toEqual([['transaction.updated', 'review_denied', 'DECLINED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
    const lapsing = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
    await c.events();
    await c.advance(4);
    const moves = await c.moves();
    expect(moves.filter(([type]) => type !== 'subscription.updated')).toEqual([
      ['transaction.updated', 'review_started', 'PENDING_REVIEW'], ['transaction.updated', 'review_denied', 'DECLINED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
    expect((await c.transaction(lapsing._id)).status).toBe('DECLINED');
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
    expect([paid.transaction.status, paid.charge.status, paid.charge.attempts]).toEqual(['PAID', 'PAID', 2]);
  });

  it('held_voided: a charge\'s payment approved in review after the charge was paid by PIX -> CANCELED, no payables; the charge paid once', async () => {
    const c = await company();
    const charge = await c.charge();
    const held = (await c.pay(charge._id, REVIEW_CARD)).body.transaction;
    expect((await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' })).body.charge.status).toBe('PAID');
    await c.events();
    const approved = await c.as('POST', '/sandbox/v1/transactions/review', { companyId: c.companyId, transactionId: held._id, decision: 'approve' });
    expect(approved.body.status).toBe('CANCELED');
    expect(await c.moves()).toEqual([['transaction.updated', 'held_voided', 'CANCELED']]);
    expect(await c.transaction(held._id)).toMatchObject({ status: 'CANCELED', message: `Voided: charge ${charge._id} was PAID before this payment was approved`, payables: [] });
  });

  it('a subscription\'s own payment (POST /v1/subscription) with the review card is not held: PAID', async () => {
    const c = await company();
    const sub = await c.v1(REVIEW_CARD);
    expect([sub.status, sub.transaction.status]).toEqual(['ACTIVE', 'PAID']);
  });
});

describe('dispute rows', () => {
  it('dispute_opened -> DISPUTE on the transaction and disputed -> DISPUTE on its charge; dispute_won -> PAID on both', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    await c.events();
    const dispute = (action: string) => c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId: paid._id, action });
    const opened = (await dispute('open')).body;
    expect(opened).toMatchObject({ status: 'DISPUTE', dispute: { openedAt: opened.updatedAt, dueBy: expect.any(String) } });
    expect((await dispute('win')).body).toMatchObject({ status: 'PAID', dispute: { outcome: 'won' } });
    expect(await c.moves()).toEqual([
      ['transaction.updated', 'dispute_opened', 'DISPUTE'], ['charge.updated', 'disputed', 'DISPUTE'],
      ['transaction.updated', 'dispute_won', 'PAID'], ['charge.updated', 'dispute_won', 'PAID']]);
    expect((await c.transaction(paid._id)).payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
  });

  it('dispute_lost -> CHARGEBACK by the action: payables reversed (GET /sandbox/v1/payables), the charge chargeback -> CHARGEBACK; a dispute of a DECLINED transaction is 409 conflict and moves nothing', async () => {
    const c = await company();
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body.transaction;
    const dispute = (transactionId: string, action: string) => c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId, action });
    await dispute(paid._id, 'open');
    await c.events();
    expect((await dispute(paid._id, 'lose')).body).toMatchObject({ status: 'CHARGEBACK', dispute: { outcome: 'lost' } });
    expect(await c.moves()).toEqual([['transaction.updated', 'dispute_lost', 'CHARGEBACK'], ['charge.updated', 'chargeback', 'CHARGEBACK']]);
    const payables = (await c.as('GET', `/sandbox/v1/payables?companyId=${c.companyId}&transactionId=${paid._id}`)).body.items;
    expect(payables.map((p: { status: string }) => p.status)).toEqual(['REVERSED']);
    const declined = (await card(c, DECLINED)).body;
    await c.events();
    const refused = await dispute(declined._id, 'open');
    expect(refused.status).toBe(409);
    expect(refused.body.error_messages[0]).toMatchObject({ path: 'transactionId', msg: expect.stringMatching(/DECLINED: dispute_opened is not a move/) });
    expect((await c.transaction(declined._id)).status).toBe('DECLINED');
    expect(await c.events()).toEqual([]);
  });

  it('the test clock loses a dispute unanswered past dispute.dueBy (row 13)', async () => {
    const c = await company();
    await c.startADay();
    const paid = (await card(c)).body;
    const opened = (await c.as('POST', '/sandbox/v1/transactions/dispute', { companyId: c.companyId, transactionId: paid._id, action: 'open' })).body;
    await c.events();
    expect((await c.advance(7)).moves.filter((m: { row: number }) => m.row === 13)).toEqual([]);
    expect((await c.advance(1)).moves).toContainEqual({ row: 13, resource: 'transaction', id: paid._id, to: 'CHARGEBACK' });
    expect((await c.transaction(paid._id)).dispute).toEqual({ ...opened.dispute, outcome: 'lost' });
    expect(await c.moves()).toContainEqual(['transaction.updated', 'dispute_lost', 'CHARGEBACK']);
  });
});

const CHALLENGE = { ...PAID_PROFILE, cardNumber: '4000000000003220' };
const FAILS_CHALLENGE = { ...PAID_PROFILE, cardNumber: '4000008400001629' };

describe('3-D Secure rows', () => {
  /** The shopper's button on the challenge page: a body-less form post to the challenge's URL. */
  const answer = (url: string, button: 'complete' | 'fail') =>
    sandbox.app.inject({ method: 'POST', url: `${new URL(url).pathname}/${button}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('(new) card_payment -> PENDING_3DS; challenge_passed -> PAID or AUTHORIZED; challenge_failed and challenge_expired -> DECLINED', async () => {
    const c = await company();
    const passed = (await card(c, CHALLENGE)).body;
    const authorized = (await card(c, CHALLENGE, { capture: false })).body;
    const failed = (await card(c, FAILS_CHALLENGE)).body;
    const lapsing = (await card(c, CHALLENGE)).body;
    expect([passed, authorized, failed, lapsing].map((t) => t.status)).toEqual(Array(4).fill('PENDING_3DS'));
    expect(await c.moves()).toEqual(Array(4).fill(['transaction.created', 'card_payment', 'PENDING_3DS']));
    await answer(passed.nextAction.url, 'complete');
    await answer(authorized.nextAction.url, 'complete');
    await answer(failed.nextAction.url, 'complete'); // this card fails every challenge
    expect(await c.moves()).toEqual([
      ['transaction.updated', 'challenge_passed', 'PAID'], ['transaction.updated', 'challenge_passed', 'AUTHORIZED'], ['transaction.updated', 'challenge_failed', 'DECLINED']]);
    // Authorized when the challenge passed: its capture window runs from then.
    const passedAuthorized = await c.transaction(authorized._id);
    expect(Date.parse(passedAuthorized.captureBefore) - Date.parse(passedAuthorized.updatedAt)).toBe(7 * 86_400_000);
    expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 11 * 60 })).body.moves)
      .toContainEqual({ row: 14, resource: 'transaction', id: lapsing._id, to: 'DECLINED' });
    expect(await c.moves()).toEqual([['transaction.updated', 'challenge_expired', 'DECLINED']]);
    expect((await c.transaction(passed._id)).nextAction).toBeUndefined();
  });

  it('held_voided: PENDING_3DS -> CANCELED when the challenge is completed after its charge was paid by PIX; the charge is not moved', async () => {
    const c = await company();
    const charge = await c.charge();
    const held = (await c.pay(charge._id, CHALLENGE)).body.transaction;
    await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' });
    await c.events();
    await answer(held.nextAction.url, 'complete');
    expect(await c.moves()).toEqual([['transaction.updated', 'held_voided', 'CANCELED']]);
    expect(await c.transaction(held._id)).toMatchObject({ status: 'CANCELED', message: `Voided: charge ${charge._id} was PAID before this payment was approved`, payables: [] });
  });
});

const ERROR_CARD = { ...PAID_PROFILE, cardNumber: '4000000000000119' };
const INVALID_CARD = { ...PAID_PROFILE, cardNumber: '4000000000000127' };
const BLOCKED_CARD = { ...PAID_PROFILE, cardNumber: '4100000000000019' };

describe('refusals of the provider and the antifraud', () => {
  it('(new) card_payment -> ERROR_PAYMENT and INVALID_PAYMENT (the provider answered: acquirer kept, no other route tried), BLOCKED (no provider asked); each a charge\'s failed attempt, a subscription\'s first payment ERROR_PAYMENT', async () => {
    const c = await company();
    const error = (await card(c, ERROR_CARD)).body;
    const invalid = (await card(c, INVALID_CARD)).body;
    const blocked = (await card(c, BLOCKED_CARD)).body;
    expect(error).toMatchObject({ status: 'ERROR_PAYMENT', message: 'The provider could not process the payment', acquirer: { provider: expect.any(String) } });
    expect(error.acquirer.authorizationCode).toBeUndefined();
    expect(error.routing.routes.filter((r: { outcome: string }) => r.outcome !== 'not_tried' && r.outcome !== 'skipped')).toHaveLength(1);
    expect(invalid).toMatchObject({ status: 'INVALID_PAYMENT', message: 'Security code incorrect' });
    expect(blocked).toMatchObject({ status: 'BLOCKED', message: 'Blocked by the antifraud: high risk' });
    expect(blocked.acquirer).toBeUndefined();
    expect(blocked.routing).toBeUndefined();
    expect(await c.moves()).toEqual([
      ['transaction.created', 'card_payment', 'ERROR_PAYMENT'], ['transaction.created', 'card_payment', 'INVALID_PAYMENT'], ['transaction.created', 'card_payment', 'BLOCKED']]);
    const charge = await c.charge();
    await c.events();
    expect((await c.pay(charge._id, BLOCKED_CARD)).body.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
    expect(await c.moves()).toEqual([['transaction.created', 'card_payment', 'BLOCKED'], ['charge.payment_failed', 'declined', 'ACTIVE']]);
    const sub = await c.v1(ERROR_CARD);
    expect([sub.status, sub.transaction.status]).toEqual(['ERROR_PAYMENT', 'ERROR_PAYMENT']);
    expect(await c.moves()).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
  });
});

describe('PROCESSING rows (a delayed provider, the test clock)', () => {
  it('(new) card_payment -> PROCESSING under a delayed fault; past processing.settlesAt the clock (row 16) moves provider_answered -> PAID with payables, AUTHORIZED, DECLINED; a charge paid meanwhile waits, then PAID; a subscription\'s first payment, then ERROR_PAYMENT', async () => {
    const c = await company();
    const provider = (await card(c)).body.acquirer.provider;
    expect((await c.as('POST', '/sandbox/v1/faults', { companyId: c.companyId, providerId: provider, kind: 'delayed', seconds: 3600 })).status).toBe(200);
    const paid = (await card(c)).body;
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    const declined = (await card(c, DECLINED)).body;
    expect(paid).toMatchObject({ status: 'PROCESSING', acquirer: { provider }, processing: { capture: true, payer: 'shopper' } });
    expect(paid.acquirer.authorizationCode).toBeUndefined();
    expect(Date.parse(paid.processing.settlesAt) - Date.parse(paid.createdAt)).toBe(10 * 60_000);
    expect((await c.transaction(paid._id)).payables).toEqual([]);
    const charge = await c.charge();
    const paying = (await c.pay(charge._id, PAID_PROFILE)).body;
    expect([paying.charge.status, paying.transaction.status]).toEqual(['ACTIVE', 'PROCESSING']);
    const sub = await c.v1(DECLINED);
    expect([sub.status, sub.transaction.status, sub.transaction.processing.payer]).toEqual(['PENDING_PAYMENT', 'PROCESSING', 'subscription']);
    await c.events();
    expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 9 * 60 })).body.moves).toEqual([]);
    const moved = (await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 2 * 60 })).body.moves.filter((m: { row: number }) => m.row === 16);
    expect(moved.map((m: { id: string; to: string }) => [m.id, m.to])).toEqual([
      [paid._id, 'PAID'], [authorized._id, 'AUTHORIZED'], [declined._id, 'DECLINED'], [paying.transaction._id, 'PAID'], [sub.transaction._id, 'DECLINED']]);
    const moves = await c.moves();
    expect(moves.slice(0, 3)).toEqual([
      ['transaction.updated', 'provider_answered', 'PAID'], ['transaction.updated', 'provider_answered', 'AUTHORIZED'], ['transaction.updated', 'provider_answered', 'DECLINED']]);
    expect(moves).toContainEqual(['charge.paid', 'paid', 'PAID']);
    expect(moves).toContainEqual(['charge.payment_failed', 'payment_failed', 'ERROR_PAYMENT']);
    expect(moves).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
    const settled = await c.transaction(paid._id);
    expect(settled).toMatchObject({ status: 'PAID', updatedAt: paid.processing.settlesAt, acquirer: { authorizationCode: expect.stringMatching(/^\d{6}$/) } });
    expect(settled.processing).toBeUndefined();
    expect(settled.payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    expect((await c.transaction(declined._id)).message).toBe('Declined by the issuer');
    expect((await c.full(sub._id)).status).toBe('ERROR_PAYMENT');
  });
});

describe('STANDBY rows (the merchant account on standby)', () => {
  it('(new) card_payment -> STANDBY while the company is on standby (approved, no payables; a charge\'s payment still PAID); standby_released -> PAID with payables when it is taken off', async () => {
    const c = await company();
    const settings = (standby: boolean) => c.as('PUT', '/sandbox/v1/company/settings', { companyId: c.companyId, standby });
    expect((await settings(true)).body.standby).toBe(true);
    const held = (await card(c)).body;
    const authorized = (await card(c, PAID_PROFILE, { capture: false })).body;
    const charge = await c.charge();
    const paid = (await c.pay(charge._id, PAID_PROFILE)).body;
    expect([held.status, authorized.status, paid.transaction.status]).toEqual(['STANDBY', 'AUTHORIZED', 'PAID']);
    expect(held).toMatchObject({ message: 'Approved; held while the merchant account is on standby', acquirer: { authorizationCode: expect.any(String) } });
    expect((await c.transaction(held._id)).payables).toEqual([]);
    await c.events();
    await settings(false);
    expect(await c.moves()).toEqual([['transaction.updated', 'standby_released', 'PAID']]);
    const released = await c.transaction(held._id);
    expect(released.status).toBe('PAID');
    expect(released.payables.map((p: { status: string }) => p.status)).toEqual(['WAITING_FUNDS']);
    expect((await card(c)).body.status).toBe('PAID');
  });
});

const FRICTIONLESS = { ...PAID_PROFILE, cardNumber: '4000000000003055' };

describe('3-D Secure in the first payment of POST /v1/subscription', () => {
  const answer = (url: string, button: 'complete' | 'fail') =>
    sandbox.app.inject({ method: 'POST', url: `${new URL(url).pathname}/${button}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('a challenge card answers the subscription PENDING_PAYMENT with its transaction PENDING_3DS and the nextAction of POST /v1/transaction; completed: the charge PAID, the subscription ACTIVE with the card kept', async () => {
    const c = await company();
    const sub = await c.v1(CHALLENGE);
    expect(sub).toMatchObject({ status: 'PENDING_PAYMENT', transaction: { status: 'PENDING_3DS', threeDS: { flow: 'challenge', result: 'PENDING' }, nextAction: { type: 'THREE_DS_CHALLENGE' } } });
    expect(await c.moves()).toEqual([['subscription.created', 'created', 'PENDING_PAYMENT'], ['charge.created', 'created', 'ACTIVE'], ['transaction.created', 'card_payment', 'PENDING_3DS']]);
    const oneOff = new URL((await card(c, CHALLENGE)).body.nextAction.url);
    const url = new URL(sub.transaction.nextAction.url);
    expect([url.origin, url.pathname.replace(/[^/]+$/, '')]).toEqual([oneOff.origin, '/sandbox/3ds/challenge/']);
    expect(url.pathname).toMatch(/\/[A-Za-z0-9_-]{43}$/);
    await c.events();
    expect((await answer(sub.transaction.nextAction.url, 'complete')).statusCode).toBe(200);
    const moves = await c.moves();
    expect(moves[0]).toEqual(['transaction.updated', 'challenge_passed', 'PAID']);
    expect(moves).toContainEqual(['charge.paid', 'paid', 'PAID']);
    expect(moves).toContainEqual(['subscription.updated', 'paid', 'ACTIVE']);
    expect(await c.full(sub._id)).toMatchObject({ status: 'ACTIVE', card: { last4: '3220' } });
    expect((await c.transaction(sub.transaction._id)).threeDS).toMatchObject({ result: 'AUTHENTICATED' });
  });

  it('failed (the card that fails every challenge) or expired on the test clock: the first charge and the subscription ERROR_PAYMENT, as a declined first payment; a frictionless card is ACTIVE at once', async () => {
    const c = await company();
    const failing = await c.v1(FAILS_CHALLENGE);
    const lapsing = await c.v1(CHALLENGE);
    await c.events();
    await answer(failing.transaction.nextAction.url, 'complete');
    const moves = await c.moves();
    expect(moves.slice(0, 3)).toEqual([
      ['transaction.updated', 'challenge_failed', 'DECLINED'], ['charge.payment_failed', 'payment_failed', 'ERROR_PAYMENT'], ['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']]);
    expect((await c.full(failing._id)).status).toBe('ERROR_PAYMENT');
    expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 11 * 60 })).body.moves).toContainEqual({ row: 14, resource: 'transaction', id: lapsing.transaction._id, to: 'DECLINED' });
    expect(await c.moves()).toContainEqual(['subscription.updated', 'payment_failed', 'ERROR_PAYMENT']);
    expect((await c.full(lapsing._id)).status).toBe('ERROR_PAYMENT');
    const frictionless = await c.v1(FRICTIONLESS);
    expect([frictionless.status, frictionless.transaction.status, frictionless.transaction.threeDS?.flow]).toEqual(['ACTIVE', 'PAID', 'frictionless']);
  });
});

describe('an alert withdrawn by its network', () => {
  it('network_withdrew -> CANCELED from CREATED and from ACKNOWLEDGEMENT (POST /sandbox/v1/alerts/withdraw): the transaction left PAID, no dispute by the clock; withdrawing again is 409 conflict on alertId and moves nothing', async () => {
    const c = await company();
    await c.startADay();
    const first = (await card(c)).body;
    const second = (await card(c)).body;
    const raise = async (transactionId: string) => (await c.as('POST', '/sandbox/v1/alerts/raise', { companyId: c.companyId, transactionId, type: 'NETWORK_A' })).body;
    const created = await raise(first._id);
    const acknowledged = await raise(second._id);
    await c.as('POST', '/sandbox/v1/alerts/respond', { companyId: c.companyId, alertId: acknowledged._id, action: 'acknowledge' });
    await c.events();
    const withdraw = (alertId: string) => c.as('POST', '/sandbox/v1/alerts/withdraw', { companyId: c.companyId, alertId });
    expect((await withdraw(created._id)).body).toMatchObject({ _id: created._id, status: 'CANCELED' });
    expect((await withdraw(acknowledged._id)).body.status).toBe('CANCELED');
    expect(await c.moves()).toEqual([['alert.updated', 'network_withdrew', 'CANCELED'], ['alert.updated', 'network_withdrew', 'CANCELED']]);
    const again = await withdraw(created._id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', error_messages: [{ path: 'alertId' }] });
    expect((await c.advance(4)).moves.filter((m: { row: number }) => m.row === 15)).toEqual([]);
    expect(await c.events()).toEqual([]);
    expect((await c.transaction(first._id)).status).toBe('PAID');
  });
});

describe('the tables hold', () => {
  it('every event seen by these tests is a row of its resource\'s table', () => {
    expect(seen.length).toBeGreaterThan(50);
    const outside = seen.filter((event) => !rowOf(event)).map((e) => [e.type, e.data.move, e.data.previousStatus]);
    expect(outside).toEqual([]);
  });

  it('every row of every table is made by at least one test', () => {
    const made = new Set(seen.map((event) => rowOf(event)!.row));
    const missing = MACHINES.flatMap((machine: AnyMachine) => machine.rows.filter((row) => !made.has(row))
      .map((row) => `${machine.resource} ${row.from === NEW ? '(new)' : row.from.join('|')} ${row.event} -> ${row.to}`));
    expect(missing).toEqual([]);
  });

  it('every status the description calls reachable is reached by a test; every other status says why', () => {
    const reached = new Set(seen.map((event) => { const { machine } = rowOf(event)!; return `${machine.resource} ${event.data[machine.resource].status}`; }));
    const unreached = MACHINES.flatMap((machine: AnyMachine) => machine.statuses.filter((s: string) => machine.notes[s]!.reachable && !reached.has(`${machine.resource} ${s}`)).map((s: string) => `${machine.resource} ${s}`));
    expect(unreached).toEqual([]);
    for (const machine of MACHINES) for (const status of machine.statuses) {
      const note = machine.notes[status]!;
      expect(note.how.length, `${machine.resource} ${status}`).toBeGreaterThan(10);
      expect(DESCRIPTION).toContain(`| ${status} | ${note.meaning} |`);
    }
  });
});
