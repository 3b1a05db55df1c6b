// Issue 23: random sequences of API calls, sandbox actions and clock moves
// never make a move outside the state tables. Each run is a company of its
// own; every event it emitted must be a row of its resource's table, and no
// answer is a 5xx. The steps include the billing statuses' actions (imports,
// PIX and boleto, settle, holds, disable, anticipate). The steps are built (constantFrom / nat), never filtered.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { DECLINED_CARD, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, memorySandbox } from './support/sandbox.js';
import {
  BLOCKED_PROFILE, CHALLENGE_PROFILE, ERROR_PROFILE, FAILS_CHALLENGE_PROFILE, INVALID_PROFILE, NETWORK_A_PROFILE, NETWORK_B_PROFILE, REVIEW_PROFILE,
} from '../../test-support/cards.mjs';
import { rowOf, type SeenEvent } from './support/state-rows.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

// Paid, declined, fraud review, both alert cards, the 3-D Secure challenge and its always-failing card, the provider's error and invalid data, the antifraud's block.
const CARDS = [
  PAID_PROFILE.cardNumber, DECLINED_CARD.number,
  ...[REVIEW_PROFILE, NETWORK_A_PROFILE, NETWORK_B_PROFILE, CHALLENGE_PROFILE, FAILS_CHALLENGE_PROFILE, ERROR_PROFILE, INVALID_PROFILE, BLOCKED_PROFILE].map((p) => p.cardNumber),
];
const STEPS = ['transaction', 'authorize', 'capture', 'cancel', 'review', 'dispute', 'alert', 'v1', 'v2', 'pay', 'subscriptionCancel', 'resolve', 'advance', 'noRoutes', 'raise', 'respond', 'refundRefused',
  'delayed', 'challenge', 'minutes', 'withdraw', 'standby', 'import', 'slip', 'settle', 'hold', 'disable', 'anticipate'] as const;
const HOLDS = ['pause', 'block', 'resume', 'unblock'] as const;
const step = fc.record({ kind: fc.constantFrom(...STEPS), pick: fc.nat(20), card: fc.constantFrom(...CARDS), choice: fc.nat(2), days: fc.integer({ min: 1, max: 9 }) });

describe('the state tables under random use', () => {
  it('random calls, actions and clock moves make only moves of the tables, and never a 5xx (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
      const c = await clockCompany(sandbox, { maxDeniedAttempts: 1, deniedIntervalDays: 1 }, { unsubscription: { type: 'CARD_ATTEMPTS' } });
      const { companyId } = c;
      const transactions: string[] = [];
      const charges: string[] = [];
      const subscriptions: string[] = [];
      const alerts: string[] = [];
      /** nextAction.url of every PENDING_3DS answer (3-D Secure challenges to end). */
      const challenges: string[] = [];
      const keep = (transaction?: { _id: string; nextAction?: { url: string } }) => {
        if (!transaction?._id) return;
        transactions.push(transaction._id);
        if (transaction.nextAction) challenges.push(transaction.nextAction.url);
      };
      const of = <T>(list: T[], pick: number) => list[pick % Math.max(list.length, 1)];
      const statuses: number[] = [];
      const as = async (method: string, url: string, body?: unknown) => {
        const answer = await c.as(method, url, body);
        statuses.push(answer.status);
        return answer.body;
      };
      for (const { kind, pick, card, choice, days } of steps) {
        const profile = { ...PAID_PROFILE, cardNumber: card };
        const transactionId = of(transactions, pick);
        if (kind === 'transaction' || kind === 'authorize') {
          keep(await as('POST', '/v1/transaction', { companyId, amount: 1500, paymentProfile: profile, ...(kind === 'authorize' ? { capture: false } : {}) }));
        } else if (kind === 'capture' && transactionId) await as('POST', '/v1/transaction/capture', { companyId, transactionId, amount: 1500 });
        else if (kind === 'cancel' && transactionId) await as('PUT', '/v1/transaction/cancel', { companyId, transactionId, cancelSubscription: choice === 1 });
        else if (kind === 'review' && transactionId) await as('POST', '/sandbox/v1/transactions/review', { companyId, transactionId, decision: ['flag', 'approve', 'deny'][choice] });
        else if (kind === 'dispute' && transactionId) await as('POST', '/sandbox/v1/transactions/dispute', { companyId, transactionId, action: ['open', 'win', 'lose'][choice] });
        else if (kind === 'alert' && transactionId) {
          const alert = await as('POST', '/sandbox/v1/alerts', { companyId, transactionId, type: choice === 0 ? 'NETWORK_A' : 'NETWORK_B' });
          if (alert?._id) alerts.push(alert._id);
        } else if (kind === 'raise') {
          const alert = await as('POST', '/sandbox/v1/alerts/raise', { companyId, type: choice === 1 ? 'NETWORK_B' : 'NETWORK_A', ...(transactionId && pick % 5 !== 0 ? { transactionId } : {}) });
          if (alert?._id) alerts.push(alert._id);
        } else if (kind === 'respond' && alerts.length) await as('POST', '/sandbox/v1/alerts/respond', { companyId, alertId: of(alerts, pick), action: choice === 0 ? 'acknowledge' : 'refund' });
        else if (kind === 'refundRefused' && transactionId) {
          const provider = (await as('GET', `/v1/transaction/full?transactionId=${transactionId}`))?.acquirer?.provider;
          if (provider) await as('POST', '/sandbox/v1/faults', { companyId, providerId: provider, kind: 'refund_refused', seconds: days * 86_400 });
        } else if (kind === 'resolve' && alerts.length) await as('POST', '/v1/alert/update/resolved', { companyId, alertId: of(alerts, pick) });
        else if (kind === 'v1') {
          const sub = await as('POST', '/v1/subscription', { companyId, product: { id: c.product._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: profile });
          if (sub?._id) { subscriptions.push(sub._id); keep(sub.transaction); }
        } else if (kind === 'v2') {
          const made = await as('POST', '/v2/subscription', { companyId, productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: 'CREDIT_CARD' });
          if (made?.subscription) { subscriptions.push(made.subscription._id); charges.push(made.charge._id); }
        } else if (kind === 'pay' && charges.length) {
          const paid = await as('POST', '/v1/charge/pay', { companyId, _id: of(charges, pick), paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: profile });
          keep(paid?.transaction);
        } else if (kind === 'subscriptionCancel' && subscriptions.length) await as('PUT', '/v1/subscription/cancel', { companyId, subscriptionId: of(subscriptions, pick) });
        else if (kind === 'advance') await as('POST', '/sandbox/v1/clock/advance', { companyId, days });
        else if (kind === 'withdraw' && alerts.length) await as('POST', '/sandbox/v1/alerts/withdraw', { companyId, alertId: of(alerts, pick) });
        else if (kind === 'standby') await as('PUT', '/sandbox/v1/company/settings', { companyId, standby: choice !== 0 });
        else if (kind === 'minutes') await as('POST', '/sandbox/v1/clock/advance', { companyId, seconds: days * 120 });
        else if (kind === 'delayed' && transactionId) {
          // The provider of a payment takes the next ones and answers later (PROCESSING, settled by the clock: row 16).
          const provider = (await as('GET', `/v1/transaction/full?transactionId=${transactionId}`))?.acquirer?.provider;
          if (provider) await as('POST', '/sandbox/v1/faults', { companyId, providerId: provider, kind: 'delayed', seconds: days * 600 });
        } else if (kind === 'challenge' && challenges.length) {
          const url = of(challenges, pick)!;
          const answer = await sandbox.app.inject({ method: 'POST', url: `${new URL(url).pathname}/${choice === 0 ? 'fail' : 'complete'}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          statuses.push(answer.statusCode);
        } else if (kind === 'import') {
          const queued = await as('POST', '/v1/subscription/list', { companyId, list: [{ productId: c.product._id, clientId: c.client._id, dueDate: await c.today(), paymentMethod: choice === 0 ? 'PIX' : 'CREDIT_CARD' }] });
          const progress = async () => (await c.as('GET', `/sandbox/v1/subscription/batches/${queued.batchId}`)).body;
          let batch = await progress();
          while (batch.status !== 'done') { await new Promise((resolve) => setTimeout(resolve, 20)); batch = await progress(); }
          const [made] = batch.results;
          if (made?.subscriptionId) { subscriptions.push(made.subscriptionId); charges.push(made.chargeId); }
        } else if (kind === 'slip' && charges.length) await as('POST', '/v1/charge/pay', { companyId, _id: of(charges, pick), paymentMethod: choice === 0 ? 'BOLETO' : 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN });
        else if (kind === 'settle' && charges.length) {
          const settled = await as('POST', '/sandbox/v1/charges/settle', { companyId, chargeId: of(charges, pick), paymentMethod: choice === 0 ? 'BOLETO' : 'PIX' });
          keep(settled?.transaction);
        } else if (kind === 'hold' && subscriptions.length) await as('POST', '/sandbox/v1/subscriptions/hold', { companyId, subscriptionId: of(subscriptions, pick), action: HOLDS[(pick + choice) % HOLDS.length] });
        else if (kind === 'disable' && charges.length) await as('POST', '/sandbox/v1/charges/disable', { companyId, chargeId: of(charges, pick) });
        else if (kind === 'anticipate' && charges.length) await as('POST', '/sandbox/v1/charges/anticipate', { companyId, chargeId: of(charges, pick) });
        else if (kind === 'noRoutes') await as('PUT', '/sandbox/v1/company/settings', { companyId, routes: [] });
      }
      const events = (await c.as('GET', `/sandbox/v1/events?companyId=${companyId}&limit=500`)).body.items as SeenEvent[];
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(events.filter((event) => !rowOf(event)).map((e) => [e.type, e.data.move, e.data.previousStatus])).toEqual([]);
    }), { numRuns: Number(process.env.STATES_RUNS ?? 12) });
  });
});
