// The test clock's schedule as data: every automatic move, one row each, in
// the order the clock makes them (reference part 3: "not shown"). The engine
// (billing/engine.ts) and the clock route (routes/clock.ts) run each phase by
// walking this table and calling each row's step, and the description's table
// is rendered from the same rows (http/docs/clock.ts), so what the clock does
// and what it says cannot drift apart. Each row also says, as data, which
// date makes it due (`due`), what a "next date this row has work" query reads.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { lapseAlert } from '../domain/alert-networks.js';
import { lapseDueAuthorizations } from '../domain/authorizations.js';
import { settleDueProcessing } from '../domain/processing.js';
import { DEFAULT_FREQUENCY_DAYS, renewalAfter } from '../domain/product-rules.js';
import { ALERT_WINDOW_DAYS } from '../domain/states/alert.js';
import { FAILED as FAILED_STATUSES } from '../domain/states/charge.js';
import { DISPUTE_DAYS, PROCESSING_MINUTES, REVIEW_DAYS } from '../domain/states/transaction.js';
import { expireDueChallenges } from '../domain/three-ds.js';
import { decideReview, disputeAction } from '../domain/transaction-actions.js';
import { CHALLENGE_MINUTES } from '../payment/challenge.js';
import { AUTHORIZATION_DAYS } from '../schemas/transaction.js';
import { alertsLapsedBefore } from '../store/alerts.js';
import { analysedBefore, disputesDueBefore, reviewsDueBefore } from '../store/due-transactions.js';
import { releaseDuePayables } from '../store/payables.js';
import { subscriptions, type ChargeDoc } from '../store/tables.js';
import { openCharge } from './charges.js';
import { CLOCK_ROWS, rowNumbers, rowRef, type ClockRowName, type Move } from '../base/clock-rows.js';
import { daysBetween } from '../base/dates.js';
import { attemptRenewalCard, chargesCard } from './renewal-attempt.js';
import { expireDueSlips } from './slips.js';
import { expireMandate } from './mandates.js';
import { PIX_DEBIT_ATTEMPTS, PIX_RETRY_WINDOW_DAYS, activeMandate, debitCharge, debitsOver, retryDue } from './pix-debit.js';
import { mandatesLapsedBefore } from '../store/mandates.js';
import type { Flow, SubscriptionDay } from './subscription-day.js';

/** A moment of one company's clock: a day's first instant (day start), or the time a move reached (after the move). */
export interface CompanyMoment { ctx: SandboxContext; db: Queryable; companyId: string; day: string; at: Date }

/** One of a subscription's open charges due by the day, as the charge steps move it. */
export interface OpenCharge { charge: ChargeDoc; /** Its attempts when the day reached it. */ attempts: number }

/**
 * Where a row runs, and its step there:
 * - company: over the whole company, at each day's start and/or after the move (at the new time);
 * - subscription: for each live subscription with something due that day, before its charges, or after them;
 * - charge: for each of that subscription's open charges due by the day, oldest first;
 * - outcome: made by another row's step (named in `of`), never run by itself.
 */
export type Run =
  | { kind: 'company'; phases: readonly ('day start' | 'after the move')[]; step: (moment: CompanyMoment) => Promise<Move[]> }
  | { kind: 'subscription'; phase: 'before its charges' | 'after its charges'; step: (today: SubscriptionDay) => Promise<Flow> }
  | { kind: 'charge'; step: (today: SubscriptionDay, open: OpenCharge) => Promise<Flow> }
  | { kind: 'outcome'; of: readonly ClockRowName[] };

/**
 * Which date makes a row due, as data (what a "next date this row has work"
 * query reads): a record's date field, due that day, the day after, or at
 * that instant, plus the days a product rule names; a row whose condition is
 * a state rather than a date is checked every day; an outcome row is due only
 * when the rows it follows move.
 */
export type Due =
  | { record: 'subscription' | 'charge' | 'transaction' | 'alert' | 'challenge' | 'payable' | 'mandate'; field: string; on: 'that day' | 'the day after' | 'that instant'; plusDays?: string }
  | { each: 'day' }
  | { after: readonly ClockRowName[] };

export interface ScheduleRow {
  /** Its stable name; the published number is CLOCK_ROWS[name]. `payablesReleased` has none: the split docs say it. */
  name: ClockRowName | 'payablesReleased';
  /** The published table's columns (a step's condition in code is the same rule). */
  when: string;
  condition: string;
  move: string;
  events: string;
  due: Due;
  run: Run;
}

/** A subscription's own billing, cited together in the published table (as a range). */
const BILLING: ClockRowName[] = ['renewal', 'cardAttempt', 'cardDeclined', 'cardRetry', 'overdue', 'cardAttemptsSpent', 'overdueDaysSpent', 'overdueChargesLimit'];
const FAILED = new Set<string>(FAILED_STATUSES);
const transactionMove = (row: ClockRowName) => (t: { _id: string; status: string }): Move => ({ row: CLOCK_ROWS[row], resource: 'transaction', id: t._id, to: t.status });

export const SCHEDULE: readonly ScheduleRow[] = [
  {
    name: 'slipExpired',
    when: `day > charge slip.expiresOn, before ${rowRef(...BILLING)}`,
    condition: 'a PIX or boleto waiting on a payable charge (any charge of the company, with a subscription or not)',
    move: 'a DISCARDED transaction of its method; charge attempts + 1, slip removed',
    events: 'transaction.created, charge.payment_failed',
    due: { record: 'charge', field: 'slip.expiresOn', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ ctx, db, companyId, day, at }) => (await expireDueSlips(ctx, db, companyId, day, at)).map(transactionMove('slipExpired')) },
  },
  {
    name: 'payablesReleased',
    when: 'at each day\'s start', condition: 'a payable WAITING_FUNDS whose availableOn has come', move: 'PAID', events: '',
    due: { record: 'payable', field: 'availableOn', on: 'that day' },
    run: { kind: 'company', phases: ['day start'], step: async ({ db, companyId, day, at }) => { await releaseDuePayables(db, companyId, day, at); return []; } },
  },
  {
    name: 'challengeExpired',
    when: 'after the move, at the new time',
    condition: `a 3-D Secure challenge past its expiresAt (${CHALLENGE_MINUTES} minutes)`,
    move: 'DECLINED (challenge_expired), stamped at its expiresAt; the charge it pays as after a declined attempt',
    events: 'transaction.updated, charge.payment_failed',
    due: { record: 'challenge', field: 'expiresAt', on: 'that instant' },
    run: { kind: 'company', phases: ['after the move'], step: async ({ ctx, db, companyId, at }) => (await expireDueChallenges(ctx, db, companyId, at)).map(transactionMove('challengeExpired')) },
  },
  {
    name: 'processingSettled',
    // Before the day's billing: a renewal still PROCESSING since yesterday is settled before today's billing reads its charge.
    when: `at each day's start (before ${rowRef('reviewStarted', 'reviewDenied', 'disputeLost')} and ${rowNumbers(...BILLING)}), and after the move at the new time`,
    condition: `a transaction PROCESSING (its provider had a delayed fault) past its processing.settlesAt (made + ${PROCESSING_MINUTES} minutes)`,
    move: 'PAID (AUTHORIZED with capture false) when the card\'s issuer approves, with payables (CANCELED, held_voided, when the charge it pays was paid or closed meanwhile); else DECLINED with the issuer\'s message (provider_answered), stamped at settlesAt; the charge it pays as after that payment (a subscription\'s first payment or renewal: ERROR_PAYMENT on the charge and the subscription when declined)',
    events: 'transaction.updated, then charge.paid or charge.payment_failed',
    due: { record: 'transaction', field: 'processing.settlesAt', on: 'that instant' },
    run: { kind: 'company', phases: ['day start', 'after the move'], step: async ({ ctx, db, companyId, at }) => (await settleDueProcessing(ctx, db, companyId, at)).map(transactionMove('processingSettled')) },
  },
  {
    name: 'authorizationLapsed',
    when: `at each day's start (after ${rowRef('processingSettled')}), and after the move at the new time`,
    condition: `a transaction AUTHORIZED (capture false) past its captureBefore (authorized + ${AUTHORIZATION_DAYS} days)`,
    move: 'CANCELED (authorization_lapsed, "Authorization lapsed …"), stamped at captureBefore; no money was taken, no payables',
    events: 'transaction.updated',
    due: { record: 'transaction', field: 'captureBefore', on: 'that instant' },
    run: { kind: 'company', phases: ['day start', 'after the move'], step: async ({ ctx, db, companyId, at }) => (await lapseDueAuthorizations(ctx, db, companyId, at)).map(transactionMove('authorizationLapsed')) },
  },
  {
    name: 'reviewDenied',
    when: `day > transaction review.dueBy (its payment's day + ${REVIEW_DAYS})`,
    condition: 'a transaction IN_ANALYSIS or PENDING_REVIEW',
    move: 'DECLINED (review_denied, "Denied by the fraud review"; the authorization voided)',
    events: 'transaction.updated',
    due: { record: 'transaction', field: 'review.dueBy', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ ctx, db, companyId, day, at }) => {
      const moves: Move[] = [];
      for (const transaction of await reviewsDueBefore(db, companyId, day)) moves.push(transactionMove('reviewDenied')(await decideReview(ctx, db, transaction, 'deny', at)));
      return moves;
    } },
  },
  {
    name: 'reviewStarted',
    when: `each day, after ${rowRef('reviewDenied')}`,
    condition: 'a transaction IN_ANALYSIS made on an earlier day',
    move: 'PENDING_REVIEW (review_started)',
    events: 'transaction.updated',
    due: { record: 'transaction', field: 'createdAt', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ ctx, db, companyId, day, at }) => {
      const moves: Move[] = [];
      for (const transaction of await analysedBefore(db, companyId, day)) moves.push(transactionMove('reviewStarted')(await decideReview(ctx, db, transaction, 'flag', at)));
      return moves;
    } },
  },
  {
    name: 'disputeLost',
    when: `day > transaction dispute.dueBy (opened + ${DISPUTE_DAYS} days)`,
    condition: 'a transaction DISPUTE',
    move: 'CHARGEBACK (dispute_lost), payables reversed; the charge it paid CHARGEBACK',
    events: 'transaction.updated, charge.updated',
    due: { record: 'transaction', field: 'dispute.dueBy', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ db, companyId, day, at }) => {
      const moves: Move[] = [];
      for (const transaction of await disputesDueBefore(db, companyId, day)) moves.push(transactionMove('disputeLost')(await disputeAction(db, transaction, 'lose', at)));
      return moves;
    } },
  },
  {
    name: 'alertLapsed',
    when: `day > alert respondBy (raised + ${ALERT_WINDOW_DAYS} days), after ${rowRef('disputeLost')}`,
    condition: 'a NETWORK_A alert raised by POST /sandbox/v1/alerts/raise, still CREATED',
    move: 'alert DISPUTE (window_lapsed); its transaction, when PAID, DISPUTE (dispute_opened), the charge it paid DISPUTE',
    events: 'alert.updated, transaction.updated, charge.updated',
    due: { record: 'alert', field: 'respondBy', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ db, companyId, day, at }) => {
      const moves: Move[] = [];
      for (const alert of await alertsLapsedBefore(db, companyId, day))
        moves.push({ row: CLOCK_ROWS.alertLapsed, resource: 'alert', id: alert._id, to: (await lapseAlert(db, alert, at)).status });
      return moves;
    } },
  },
  {
    name: 'mandateExpired',
    when: 'day > mandate expiresOn (asked + 1 day)',
    condition: 'a PIX Automático mandate PENDING (the sandbox\'s extension): the payer\'s bank never answered',
    move: 'mandate EXPIRED (recorrência EXPIRADA); the subscription goes on, paid by hand',
    events: 'mandate.updated',
    due: { record: 'mandate', field: 'expiresOn', on: 'the day after' },
    run: { kind: 'company', phases: ['day start'], step: async ({ db, companyId, day, at }) => {
      const moves: Move[] = [];
      for (const mandate of await mandatesLapsedBefore(db, companyId, day))
        moves.push({ row: CLOCK_ROWS.mandateExpired, resource: 'mandate', id: mandate._id, to: (await expireMandate(db, mandate, at)).status });
      return moves;
    } },
  },
  {
    name: 'productDeleted',
    when: `each day, before ${rowRef(...BILLING)}`,
    condition: 'the subscription\'s product is deleted',
    move: 'subscription CANCELED_MANUAL, inactive; its open charges CANCELED_MANUAL; no renewal',
    events: 'subscription.canceled',
    due: { each: 'day' },
    // Its charges can no longer be paid: ended, never renewed.
    run: { kind: 'subscription', phase: 'before its charges', step: async (today) => {
      if (!today.product.deleted) return 'go';
      await today.end('productDeleted', 'manual');
      return 'stop';
    } },
  },
  {
    name: 'renewal',
    when: 'day >= subscription nextChargeDate',
    condition: '',
    move: `new charge ACTIVE due nextChargeDate (product price); nextChargeDate += charge.frequencyDays (${DEFAULT_FREQUENCY_DAYS} when the product has no charge rules; frequencyDays 0: no nextChargeDate, no renewal)`,
    events: 'charge.created',
    due: { record: 'subscription', field: 'nextChargeDate', on: 'that day' },
    run: { kind: 'subscription', phase: 'before its charges', step: async (today) => {
      const { db, sub, product, day, stamp } = today;
      if (!sub.nextChargeDate || sub.nextChargeDate > day) return 'go';
      const charge = await openCharge(db, sub, product, sub.nextChargeDate, (await today.charges.count()) + 1, stamp);
      today.charges.opened(charge);
      today.moves.push({ row: CLOCK_ROWS.renewal, resource: 'charge', id: charge._id, to: 'ACTIVE' });
      const { nextChargeDate, ...rest } = sub;
      const next = renewalAfter(product, nextChargeDate);
      today.sub = await subscriptions.update(db, { ...rest, ...(next ? { nextChargeDate: next } : {}), updatedAt: stamp });
      return 'go';
    } },
  },
  {
    name: 'cardAttempt',
    when: 'day >= charge dueDate',
    condition: 'charge ACTIVE, a card kept, method CREDIT_CARD or DEBIT_CARD',
    move: 'payment attempt; paid: charge PAID',
    events: 'transaction.created, charge.paid',
    due: { record: 'charge', field: 'dueDate', on: 'that day' },
    run: { kind: 'charge', step: async (today, { charge, attempts }) =>
      chargesCard(today) && charge.status === 'ACTIVE' && attempts === 0 ? attemptRenewalCard(today, charge, 'cardAttempt') : 'go' },
  },
  {
    name: 'cardRetry',
    when: 'day >= last attempt + charge.deniedIntervalDays',
    condition: 'charge ERROR_PAYMENT or NO_PAYMENT_ROUTE, attempts < charge.maxDeniedAttempts',
    move: 'retry; paid: charge PAID, subscription ACTIVE (setting.successChargeDay: a late payment moves nextChargeDate)',
    events: `as ${CLOCK_ROWS.cardAttempt} or ${CLOCK_ROWS.cardDeclined}`,
    due: { record: 'charge', field: 'lastAttemptAt', on: 'that day', plusDays: 'product.charge.deniedIntervalDays' },
    run: { kind: 'charge', step: async (today, { charge, attempts }) => {
      const rules = today.product.charge;
      const due = FAILED.has(charge.status) && attempts < (rules?.maxDeniedAttempts ?? 0)
        && daysBetween((charge.lastAttemptAt ?? today.stamp).slice(0, 10), today.day) >= (rules?.deniedIntervalDays ?? 0);
      return chargesCard(today) && due ? attemptRenewalCard(today, charge, 'cardRetry') : 'go';
    } },
  },
  {
    name: 'cardDeclined',
    when: `as ${CLOCK_ROWS.cardAttempt}, or a retry (${rowRef('cardRetry')})`,
    condition: 'declined, or no route took it',
    move: 'charge ERROR_PAYMENT (NO_PAYMENT_ROUTE when no route took it), attempts + 1; subscription the same status',
    events: 'transaction.created, charge.payment_failed',
    due: { after: ['cardAttempt', 'cardRetry'] },
    run: { kind: 'outcome', of: ['cardAttempt', 'cardRetry'] },
  },
  {
    name: 'cardAttemptsSpent',
    when: `after a failed card attempt by anyone (POST /v1/subscription, POST /v1/charge/pay, ${rowRef('cardAttempt', 'cardDeclined', 'cardRetry')})`,
    condition: 'unsubscription.type CARD_ATTEMPTS and the charge\'s failed card attempts >= maxDeniedAttempts (at least 1)',
    move: 'subscription NO_PAYMENT, inactive; its open charges NO_PAYMENT',
    events: 'subscription.canceled',
    due: { after: ['cardDeclined'] },
    run: { kind: 'outcome', of: ['cardDeclined'] },
  },
  {
    name: 'pixDebit',
    when: 'day >= charge dueDate',
    condition: 'charge ACTIVE or IMPORTED, not yet debited, of a subscription paid by PIX whose PIX Automático mandate is ACTIVE (the sandbox\'s extension)',
    move: 'the payer\'s bank debits it: a PIX transaction PAID (pix_debited), charge PAID, pixDebit.attempts 1; refused: as ' + rowRef('pixDebitRefused'),
    events: 'transaction.created, charge.paid',
    due: { record: 'charge', field: 'dueDate', on: 'that day' },
    run: { kind: 'charge', step: async (today, { charge }) => {
      if ((charge.status !== 'ACTIVE' && charge.status !== 'IMPORTED') || charge.pixDebit) return 'go';
      const mandate = await activeMandate(today);
      return mandate ? debitCharge(today, charge, mandate, 'pixDebit') : 'go';
    } },
  },
  {
    name: 'pixDebitRetry',
    when: `day >= last debit + max(1, charge.deniedIntervalDays) and day <= dueDate + ${PIX_RETRY_WINDOW_DAYS}`,
    condition: `charge ERROR_PAYMENT, its latest debit refused for want of funds, pixDebit.attempts < ${PIX_DEBIT_ATTEMPTS}, the mandate ACTIVE (the Banco Central's rule as the sandbox reads it: "PIX Automático")`,
    move: `the debit again (at most one a day); as ${CLOCK_ROWS.pixDebit}`,
    events: `as ${CLOCK_ROWS.pixDebit} or ${CLOCK_ROWS.pixDebitRefused}`,
    due: { record: 'charge', field: 'lastAttemptAt', on: 'the day after' },
    run: { kind: 'charge', step: async (today, { charge }) => {
      if (!retryDue(today, charge)) return 'go';
      const mandate = await activeMandate(today);
      return mandate ? debitCharge(today, charge, mandate, 'pixDebitRetry') : 'go';
    } },
  },
  {
    name: 'pixDebitRefused',
    when: `as ${CLOCK_ROWS.pixDebit} or ${CLOCK_ROWS.pixDebitRetry}`,
    condition: 'the payer\'s bank refuses: the mandate\'s declineNext > 0 (INSUFFICIENT_FUNDS: declineNext - 1, mandate.updated), or the charge above its maxAmount (ABOVE_MAXIMUM: not retried)',
    move: 'a PIX transaction DECLINED (pix_debit_refused); charge ERROR_PAYMENT, attempts + 1, pixDebit {attempts, refusal}; subscription ERROR_PAYMENT',
    events: 'transaction.created, charge.payment_failed',
    due: { after: ['pixDebit', 'pixDebitRetry'] },
    run: { kind: 'outcome', of: ['pixDebit', 'pixDebitRetry'] },
  },
  {
    name: 'overdue',
    when: 'day > charge dueDate',
    condition: `charge ACTIVE or IMPORTED without a card attempt (no card, PIX, BOLETO; a PIX or boleto still waiting keeps it PENDING_PAYMENT), or ERROR_PAYMENT or NO_PAYMENT_ROUTE with attempts >= maxDeniedAttempts (a PIX Automático charge: its debits over, ${rowRef('pixDebitRetry')})`,
    move: 'charge OVERDUE; subscription OVERDUE',
    events: 'charge.overdue',
    due: { record: 'charge', field: 'dueDate', on: 'the day after' },
    // Past due and nothing more to try.
    run: { kind: 'charge', step: async (today, open) => {
      // A PIX Automático charge's debits end by their own rules (billing/pix-debit.ts); a card's by maxDeniedAttempts.
      const exhausted = open.charge.pixDebit ? debitsOver(today, open.charge) : FAILED.has(open.charge.status) && open.attempts >= (today.product.charge?.maxDeniedAttempts ?? 0);
      if (open.charge.dueDate! < today.day && (open.charge.status === 'ACTIVE' || open.charge.status === 'IMPORTED' || exhausted)) {
        open.charge = await today.setCharge(open.charge, 'overdue', {}, 'overdue');
        await today.setSub('overdue', 'OVERDUE', 'overdue');
      }
      return 'go';
    } },
  },
  {
    name: 'overdueDaysSpent',
    when: 'day - dueDate > unsubscription.overdueDays',
    condition: 'unsubscription.type OVERDUE_DAYS, charge OVERDUE',
    move: `as ${CLOCK_ROWS.cardAttemptsSpent}`,
    events: 'subscription.canceled',
    due: { record: 'charge', field: 'dueDate', on: 'the day after', plusDays: 'product.unsubscription.overdueDays' },
    run: { kind: 'charge', step: async (today, { charge }) => {
      const rule = today.product.unsubscription;
      if (charge.status !== 'OVERDUE' || rule?.type !== 'OVERDUE_DAYS' || daysBetween(charge.dueDate!, today.day) <= (rule.overdueDays ?? 0)) return 'go';
      await today.end('overdueDaysSpent');
      return 'stop';
    } },
  },
  {
    name: 'overdueChargesLimit',
    when: 'after the day\'s moves',
    condition: 'setting.limitOverdueCharges.active and OVERDUE charges >= qty',
    move: `as ${CLOCK_ROWS.cardAttemptsSpent}`,
    events: 'subscription.canceled',
    due: { after: ['overdue'] },
    run: { kind: 'subscription', phase: 'after its charges', step: async (today) => {
      const limit = today.product.setting?.limitOverdueCharges;
      if (!limit?.active) return 'go';
      const [{ n }] = (await today.db.query<{ n: string | number }>("SELECT count(*) AS n FROM charges WHERE subscription_id = $1 AND status = 'OVERDUE'", [today.sub._id])) as [{ n: string | number }];
      if (Number(n) < limit.qty) return 'go';
      await today.end('overdueChargesLimit');
      return 'stop';
    } },
  },
];

/** The company-wide rows of a phase, in the table's order. */
export async function runCompanyPhase(phase: 'day start' | 'after the move', moment: CompanyMoment): Promise<Move[]> {
  const moves: Move[] = [];
  for (const { run } of SCHEDULE) if (run.kind === 'company' && run.phases.includes(phase)) moves.push(...(await run.step(moment)));
  return moves;
}

/** A subscription's phase, in the table's order; false when a step ended its day. */
export async function runSubscriptionPhase(phase: 'before its charges' | 'after its charges', today: SubscriptionDay): Promise<boolean> {
  for (const { run } of SCHEDULE) if (run.kind === 'subscription' && run.phase === phase && (await run.step(today)) === 'stop') return false;
  return true;
}

/** The charge rows for one open charge, in the table's order; false when a step ended the subscription's day. */
export async function runChargePhase(today: SubscriptionDay, charge: ChargeDoc): Promise<boolean> {
  const open: OpenCharge = { charge, attempts: charge.attempts ?? 0 };
  for (const { run } of SCHEDULE) {
    if (run.kind !== 'charge') continue;
    const flow = await run.step(today, open);
    if (flow === 'stop') return false;
    if (flow === 'next charge') break;
  }
  return true;
}
