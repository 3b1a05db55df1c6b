// Consistent money moves (issue 22 item 5): refunds move the charge and, when
// asked, the subscription; a NETWORK_A alert refunds; PIX and boleto take no
// card; CARD_ATTEMPTS counts every failed card attempt; a client's status
// follows its subscriptions. Decisions: http/docs/money-moves.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_URGENCY, clientStatusFor } from '../../packages/sandbox/domain/states/client.js';
import { ENDED, LIVE, SUBSCRIPTION_MACHINE } from '../../packages/sandbox/domain/states/subscription.js';
import { NEW } from '../../packages/sandbox/domain/states/machine.js';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import { SUBSCRIPTION_STATUSES } from '../../packages/sandbox/schemas/subscription.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox, tokenFor } from './support/sandbox.js';
import { DECLINED_PROFILE, NETWORK_A_PROFILE as NETWORK_A, NETWORK_B_PROFILE as NETWORK_B } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const statuses = (full: { charges: { status: string }[] }) => full.charges.map((ch) => ch.status);

async function company(rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const c = await clockCompany(sandbox, rules, extra);
  const client = (await c.as('GET', `/v1/client?companyId=${c.companyId}`)).body.items[0];
  return {
    ...c, clientId: client._id as string,
    clientStatus: async () => (await c.as('GET', `/v1/client?companyId=${c.companyId}&id=${client._id}`)).body.items[0].status as string,
    cancel: (transactionId: string, cancelSubscription?: boolean) => c.as('PUT', '/v1/transaction/cancel', { companyId: c.companyId, transactionId, ...(cancelSubscription === undefined ? {} : { cancelSubscription }) }),
    transaction: async (id: string) => (await c.as('GET', `/v1/transaction/full?transactionId=${id}`)).body,
    pay: (chargeId: string, extra: Record<string, unknown> = {}) =>
      call(sandbox, 'POST', '/v1/charge/pay', { _id: chargeId, companyId: c.companyId, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE, ...extra }, {}),
  };
}

describe('PUT /v1/transaction/cancel moves the charge', () => {
  it('a refunded subscription payment: transaction CANCELED, its charge CANCELED (inactive); the subscription stays ACTIVE', async () => {
    const c = await company();
    const sub = await c.v1();
    expect((await c.cancel(sub.transaction._id)).status).toBe(204);
    const full = await c.full(sub._id);
    expect(full).toMatchObject({ status: 'ACTIVE', charges: [{ status: 'CANCELED', active: false }] });
    expect(full.transactions[0]).toMatchObject({ status: 'CANCELED', message: 'Canceled and refunded' });
  });

  it('cancelSubscription true: the subscription CANCELED_MANUAL, its open charges CANCELED_MANUAL, subscription.canceled emitted', async () => {
    const c = await company({ frequencyDays: 5 });
    const { subscription, charge } = await c.v2();
    const settled = (await c.as('POST', '/sandbox/v1/charges/settle', { companyId: c.companyId, chargeId: charge._id, paymentMethod: 'PIX' })).body;
    await c.advance(5); // the renewal: ACTIVE, a PIX waiting
    expect(statuses(await c.full(subscription._id))).toEqual(['PAID', 'ACTIVE']);
    expect((await c.cancel(settled.transaction._id, true)).status).toBe(204);
    const full = await c.full(subscription._id);
    expect(full).toMatchObject({ status: 'CANCELED_MANUAL', active: false });
    expect(statuses(full)).toEqual(['CANCELED', 'CANCELED_MANUAL']);
    const events = await sandbox.db.query<{ type: string }>("SELECT type FROM events WHERE company_id = $1 AND type = 'subscription.canceled'", [c.companyId]);
    expect(events).toHaveLength(1);
  });

  it('PUT /v1/subscription/cancel ends it the same way (one function): CANCELED_MANUAL, open charges CANCELED_MANUAL, subscription.canceled', async () => {
    const c = await company();
    const { subscription } = await c.v2();
    expect((await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id })).body).toEqual({ success: true, message: 'the subscription is canceled' });
    expect(statuses(await c.full(subscription._id))).toEqual(['CANCELED_MANUAL']);
    const events = await sandbox.db.query<{ type: string }>("SELECT type FROM events WHERE company_id = $1 AND type = 'subscription.canceled'", [c.companyId]);
    expect(events).toHaveLength(1);
  });
});

describe('alerts that refund', () => {
  it('NETWORK_A: the transaction CANCELED (refunded), the alert REFUNDED, the charge and subscription CANCELED_ALERT_NETWORK_A', async () => {
    const c = await company();
    const sub = await c.v1(NETWORK_A);
    const transaction = await c.transaction(sub.transaction._id);
    expect(transaction).toMatchObject({ status: 'CANCELED', message: 'Refunded after a NETWORK_A fraud notice' });
    const [alert] = (await c.as('GET', `/v1/alert?companyId=${c.companyId}`)).body.items;
    expect(alert).toMatchObject({ type: 'NETWORK_A', status: 'REFUNDED', transactionId: sub.transaction._id });
    expect(await c.full(sub._id)).toMatchObject({ status: 'CANCELED_ALERT_NETWORK_A', active: false, charges: [{ status: 'CANCELED_ALERT_NETWORK_A' }] });
  });

  it('NETWORK_A on a transaction the merchant already refunded: nothing to refund (alert CREATED), the subscription still ends CANCELED_ALERT_NETWORK_A', async () => {
    const c = await company();
    const sub = await c.v1();
    await c.cancel(sub.transaction._id);
    const alert = (await c.as('POST', '/sandbox/v1/alerts', { companyId: c.companyId, transactionId: sub.transaction._id, type: 'NETWORK_A' })).body;
    expect(alert.status).toBe('CREATED');
    expect(await c.full(sub._id)).toMatchObject({ status: 'CANCELED_ALERT_NETWORK_A', charges: [{ status: 'CANCELED' }] });
  });

  it('NETWORK_B (a dispute notice) refunds nothing: the transaction stays PAID, the alert CREATED', async () => {
    const c = await company();
    const sub = await c.v1(NETWORK_B);
    expect((await c.transaction(sub.transaction._id)).status).toBe('PAID');
    expect((await c.as('GET', `/v1/alert?companyId=${c.companyId}`)).body.items[0]).toMatchObject({ type: 'NETWORK_B', status: 'CREATED' });
    expect(await c.full(sub._id)).toMatchObject({ status: 'ACTIVE', charges: [{ status: 'PAID' }] });
  });
});

describe('PIX and boleto never take a card', () => {
  it('POST /v1/subscription with PIX or BOLETO and a paymentProfile or token: 400 on that field, nothing charged', async () => {
    const c = await company();
    const product = (await c.full((await c.v2()).subscription._id)).productId;
    for (const paymentMethod of ['PIX', 'BOLETO']) {
      const withProfile = await c.as('POST', '/v1/subscription', { companyId: c.companyId, product: { id: product }, paymentMethod, paymentProfile: PAID_PROFILE });
      expect(withProfile.body.error_messages).toEqual([expect.objectContaining({ path: 'paymentProfile', msg: `paymentProfile must not be sent with paymentMethod ${paymentMethod}: only CREDIT_CARD and DEBIT_CARD take a card` })]);
      const withToken = await c.as('POST', '/v1/subscription', { companyId: c.companyId, product: { id: product }, paymentMethod, token: await tokenFor() });
      expect(withToken.body.error_messages).toEqual([expect.objectContaining({ path: 'token' })]);
    }
    expect((await c.as('GET', `/v1/transaction?companyId=${c.companyId}`)).body.total).toBe(0);
  });

  it('POST /v1/charge/pay with PIX and a paymentProfile: 400 on paymentProfile, the charge still ACTIVE', async () => {
    const c = await company();
    const { charge } = await c.v2();
    const answer = await c.pay(charge._id, { paymentMethod: 'PIX' });
    expect(answer.body.error_messages).toEqual([expect.objectContaining({ path: 'paymentProfile' })]);
    expect(statuses(await c.full(charge.subscriptionId))).toEqual(['ACTIVE']);
  });
});

describe('CARD_ATTEMPTS counts every failed card attempt on the charge, whoever made it', () => {
  it('a declined first payment of POST /v1/subscription with maxDeniedAttempts 1 ends it at once (NO_PAYMENT, charge NO_PAYMENT, subscription.canceled)', async () => {
    const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const sub = await c.v1(DECLINED_PROFILE);
    expect(sub).toMatchObject({ status: 'NO_PAYMENT', active: false });
    expect(statuses(await c.full(sub._id))).toEqual(['NO_PAYMENT']);
    const events = await sandbox.db.query<{ type: string }>("SELECT type FROM events WHERE company_id = $1 AND type = 'subscription.canceled'", [c.companyId]);
    expect(events).toHaveLength(1);
  });

  it('maxDeniedAttempts 0: the first declined attempt ends it (never before one)', async () => {
    const c = await company({ maxDeniedAttempts: 0 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const { subscription, charge } = await c.v2();
    expect((await c.full(subscription._id)).status).toBe('CREATED');
    expect((await c.pay(charge._id, { paymentProfile: DECLINED_PROFILE })).body.charge.status).toBe('NO_PAYMENT');
    expect((await c.full(subscription._id)).status).toBe('NO_PAYMENT');
  });

  it('declines through POST /v1/charge/pay count: the second of maxDeniedAttempts 2 ends it', async () => {
    const c = await company({ maxDeniedAttempts: 2 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const { subscription, charge } = await c.v2();
    expect((await c.pay(charge._id, { paymentProfile: DECLINED_PROFILE })).body.charge).toMatchObject({ status: 'ACTIVE', attempts: 1 });
    expect((await c.pay(charge._id, { paymentProfile: DECLINED_PROFILE })).body.charge).toMatchObject({ status: 'NO_PAYMENT' });
    expect(await c.full(subscription._id)).toMatchObject({ status: 'NO_PAYMENT', active: false });
  });

  it('a declined first payment and a declined charge/pay add up (maxDeniedAttempts 2); a PIX that expired is not a card attempt', async () => {
    const c = await company({ maxDeniedAttempts: 2, deniedIntervalDays: 5 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const sub = await c.v1(DECLINED_PROFILE);
    const [charge] = (await c.full(sub._id)).charges;
    await c.pay(charge._id, { paymentMethod: 'PIX', paymentProfile: undefined });
    await c.advance(2); // the PIX expires: an attempt on the charge (row 9, so no retry is left: row 5), not a card one
    expect((await c.full(sub._id)).status).toBe('OVERDUE');
    expect((await c.pay(charge._id, { paymentProfile: DECLINED_PROFILE })).body.charge.status).toBe('NO_PAYMENT');
    expect((await c.full(sub._id)).status).toBe('NO_PAYMENT');
  });
});

describe('a client\'s status follows its subscriptions', () => {
  it('PENDING_PAYMENT while a first charge waits, ACTIVE once paid, ERROR_PAYMENT when overdue, CANCELED_ALERT_NETWORK_A after a fraud notice', async () => {
    const c = await company({ frequencyDays: 10 });
    expect(await c.clientStatus()).toBe('ACTIVE');
    const { charge } = await c.v2();
    expect(await c.clientStatus()).toBe('PENDING_PAYMENT');
    await c.advance(1);
    expect(await c.clientStatus()).toBe('ERROR_PAYMENT');
    await c.pay(charge._id);
    expect(await c.clientStatus()).toBe('ACTIVE');
    const second = await c.v2();
    await c.pay(second.charge._id, { paymentProfile: NETWORK_A });
    expect(await c.clientStatus()).toBe('CANCELED_ALERT_NETWORK_A');
  });

  it('NO_PAYMENT when CARD_ATTEMPTS ends a subscription; a manual cancel alone leaves it ACTIVE', async () => {
    const c = await company({ maxDeniedAttempts: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
    const { subscription } = await c.v2();
    await c.as('PUT', '/v1/subscription/cancel', { companyId: c.companyId, subscriptionId: subscription._id });
    expect(await c.clientStatus()).toBe('ACTIVE');
    const { charge } = await c.v2();
    await c.pay(charge._id, { paymentProfile: DECLINED_PROFILE });
    expect(await c.clientStatus()).toBe('NO_PAYMENT');
  });

  it('the rule: the most urgent status its subscriptions say, in the stated order (property)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...SUBSCRIPTION_STATUSES)), (subs) => {
      const status = clientStatusFor(subs);
      const said = subs.map((s) => clientStatusFor([s]));
      expect(said.every((s) => CLIENT_URGENCY.indexOf(status) <= CLIENT_URGENCY.indexOf(s))).toBe(true);
      expect(subs.length === 0 ? status === 'ACTIVE' : said.includes(status)).toBe(true);
    }));
  });

  it('the subscription machine: ended statuses take no move; every live status can end', () => {
    const movesFrom = (status: string) => SUBSCRIPTION_MACHINE.rows.filter((row) => row.from !== NEW && row.from.includes(status as never)).map((row) => row.to);
    for (const status of ENDED) expect(movesFrom(status)).toEqual([]);
    for (const status of LIVE) expect(movesFrom(status)).toEqual(expect.arrayContaining([...ENDED]));
  });
});

it('the description states the money moves and each decision', () => {
  for (const phrase of ['## Money moves', 'CANCELED_ALERT_NETWORK_A', 'REFUNDED', 'CARD_ATTEMPTS', 'maxDeniedAttempts 0', 'client'])
    expect(DESCRIPTION).toContain(phrase);
});

describe('a refund reverses the payables, whoever refunds', () => {
  it('a NETWORK_A alert\'s refund reverses the payables as the merchant\'s does', async () => {
    const c = await company();
    const alerted = (await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 2000, paymentProfile: NETWORK_A })).body;
    const full = await c.transaction(alerted._id);
    expect(full.status).toBe('CANCELED');
    expect(full.payables.map((p: { status: string }) => p.status)).toEqual(['REVERSED']);
    const refunded = (await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 2000, paymentProfile: PAID_PROFILE })).body;
    expect((await c.cancel(refunded._id)).status).toBe(204);
    expect((await c.transaction(refunded._id)).payables.map((p: { status: string }) => p.status)).toEqual(['REVERSED']);
  });
});
