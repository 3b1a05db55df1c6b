// The subscription's table (domain/states/subscription.ts) and the charges it
// makes: created, paid, failed, overdue, ended; recovered, imported, held;
// 3-D Secure in its first payment.
import { describe, expect, it } from 'vitest';
import { CHALLENGE, DECLINED, FAILS_CHALLENGE, FRICTIONLESS, PAID_PROFILE, type Co, type StateKit } from './kit.js';

export function subscriptionStates({ company, card, sandbox }: StateKit) {
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

  describe('subscription statuses: recovered, imported, held', () => {
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
  });

  describe('3-D Secure in the first payment of POST /v1/subscription', () => {
    const answer = (url: string, button: 'complete' | 'fail') =>
      sandbox().app.inject({ method: 'POST', url: `${new URL(url).pathname}/${button}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

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
}
