// Issue 23: one state machine per resource. One test per row of each state
// table, through the public API only (the test clock and the sandbox actions
// included), checking the statuses and the events (GET /sandbox/v1/events).
// Every event any test sees is recorded: the last tests check that each one is
// a row of its table (no move outside it), that every row was made by some
// test, and that every status the description calls reachable was reached.
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

  it('open slip_expired -> (unchanged), (new) slip_expired -> DISCARDED, (new) slip_settled -> PAID: PIX expired then settled', async () => {
    const c = await company();
    const charge = await c.charge();
    await c.pay(charge._id, undefined, 'PIX');
    await c.events();
    await c.as('POST', '/sandbox/v1/charges/expire', { companyId: c.companyId, chargeId: charge._id });
    expect(await c.moves()).toEqual([['transaction.created', 'slip_expired', 'DISCARDED'], ['charge.payment_failed', 'slip_expired', 'ACTIVE']]);
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

  it('ended_unpaid -> NO_PAYMENT and its open charge -> CANCELED (CARD_ATTEMPTS); client NO_PAYMENT', async () => {
    const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const { subscription, charge } = await c.v2();
    await c.events();
    await c.pay(charge._id, DECLINED);
    const moves = await c.moves();
    expect(moves).toContainEqual(['charge.updated', 'ended_unpaid', 'CANCELED']);
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
    expect((await c.as('POST', '/sandbox/v1/clock/advance', { companyId: c.companyId, seconds: 11 * 60 })).body.moves)
      .toContainEqual({ row: 14, resource: 'transaction', id: lapsing._id, to: 'DECLINED' });
    expect(await c.moves()).toEqual([['transaction.updated', 'challenge_expired', 'DECLINED']]);
    expect((await c.transaction(passed._id)).nextAction).toBeUndefined();
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
