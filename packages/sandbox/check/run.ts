// Plays the scenarios against a checkout, a few at once (schedule.ts), and judges each: a fresh
// shopper (browser context) per scenario typing a holder name of its own, the sandbox's events
// that name it as its ledger (attribution.ts), the page's answers from page-driver.ts, the
// invariants from invariants.ts.
import type { Browser } from 'playwright-core';
import { eventsOf, holderOf, type Share } from './attribution.js';
import { IN_REVIEW, judge } from './invariants.js';
import { ledger, type Ledger, type SandboxAccess } from './ledger.js';
import { CheckoutPage, pageAnswer } from './page-driver.js';
import type { LedgerEvent, ScenarioRecord, StepRecord } from './record.js';
import { inOrder, type Verdict } from './report.js';
import { DEFAULT_CONCURRENCY, schedule, slotOf } from './schedule.js';
import { CHECK_CARDS, slipMethodsOf, type Scenario, type Step } from './scenarios.js';

/** How long webhooks have to be answered once a scenario's steps are done. */
export const WEBHOOK_WAIT_MS = 12_000;

export interface RunOptions extends SandboxAccess {
  checkoutUrl: string; browser: Browser; scenarios: readonly Scenario[]; onVerdict?: (verdict: Verdict) => void;
  /** How many scenarios play at once (default DEFAULT_CONCURRENCY); 1: one after another. */
  concurrency?: number;
}

/** What a scenario plays with: the ledger, its holder name, and its own events so far. */
interface Own { books: Ledger; holder: string; events: () => Promise<LedgerEvent[]> }

/**
 * Whether the step's payments (its events after `start`) all wait on the fraud review, a later
 * step, and every delivery of the scenario's events had its answer: the page then has nothing
 * more to hear before that step (page-driver.ts reads its words without waiting the answer time out).
 */
async function onlyReviewMoves({ books, events }: Own, start: number): Promise<boolean> {
  const own = await events();
  const { payments } = books.records(own.filter((e) => e.seq > start), () => 0);
  if (!payments.length || !payments.every((p) => IN_REVIEW.has(p.status))) return false;
  return (await books.deliveries(new Set(own.map((e) => e.id)))).every((d) => d.status !== 'pending' || d.lastAnswer !== undefined);
}

/** Plays one step (begun after the event numbered `start`); its answers are recorded. */
async function play(step: Step, shopper: CheckoutPage, own: Own, start: number): Promise<StepRecord> {
  const { books, holder, events } = own;
  const record: StepRecord = { step, answers: [], challengeOpened: false };
  const loadsBefore = shopper.challengeLoads.length;
  const held = () => onlyReviewMoves(own, start);
  if (step.do === 'pay-card' || step.do === 'pay-slip') {
    await shopper.closeNextAction();
    const method = step.do === 'pay-card' ? 'card' : step.method;
    const why = (await shopper.choose(method)) ?? (step.do === 'pay-card' ? await shopper.typeCard(CHECK_CARDS[step.card], holder) : undefined);
    if (why) return { ...record, answers: [{ kind: 'stuck', why }] };
    const before = await shopper.shown();
    const refused = await shopper.pay(step.do === 'pay-card' && step.twice);
    if (refused) return { ...record, answers: [{ kind: 'stuck', why: refused }] };
    const answer = await pageAnswer(shopper.page, before, undefined, shopper.requestsOut, held);
    record.answers.push(answer);
    if (step.do === 'pay-card' && step.challenge && answer.kind === 'next-action' && answer.what === 'challenge') {
      const still = await shopper.shown();
      await shopper.challenge(step.challenge);
      record.answers.push(await pageAnswer(shopper.page, { ...still, nextAction: 'challenge' }, undefined, shopper.requestsOut, held));
    }
  } else if (step.do === 'bank-settles' || step.do === 'slip-expires') {
    const { charges } = books.records(await events(), () => 0);
    for (const charge of charges.filter((c) => c.slipMethod)) {
      if (step.do === 'bank-settles') await books.settle(charge.id, charge.slipMethod!);
      else await books.expire(charge.id);
    }
  } else if (step.do === 'review-approves') {
    const { payments } = books.records(await events(), () => 0);
    for (const payment of payments.filter((p) => IN_REVIEW.has(p.status))) await books.review(payment.id);
  } else if (step.do === 'drop-next-answer') {
    // Company-wide: schedule.ts plays this scenario alone.
    await books.armDrops();
  } else {
    const ids = (await events()).map((e) => e.id);
    await books.redeliver([...ids, ...ids].reverse());
  }
  record.challengeOpened = shopper.challengeLoads.length > loadsBefore;
  return record;
}

const METHOD_NAMES = { pix: 'PIX', boleto: 'boleto' } as const;

/** The run's state the scenarios share: each one's share of the events, and the plays under way. */
interface Run { options: RunOptions; books: Ledger; start: number; tag: number; shares: Share[]; playing: Set<Promise<unknown>> }

/** The scenario's record, or why it was skipped: its page offers none of the methods it pays with (a card-only checkout has no PIX to issue). */
async function playScenario(scenario: Scenario, index: number, run: Run, played: () => void): Promise<ScenarioRecord | { skipped: string }> {
  const { books, options } = run;
  const share: Share = { id: String(index), holder: holderOf(run.tag, index), start: await books.cursor(), claimsLeftovers: slotOf(scenario) !== 'together' };
  run.shares.push(share);
  const own: Own = { books, holder: share.holder!, events: async () => eventsOf(share.id, await books.eventsAfter(run.start), run.shares) };
  const settles: ScenarioRecord['settles'] = [];
  const steps: StepRecord[] = [];
  const stepStarts: number[] = [];
  let overlapping: Promise<unknown>[] = [];
  const playing = (async () => {
    const context = await options.browser.newContext();
    try {
      const shopper = await CheckoutPage.open(context, options.checkoutUrl, options.url);
      const missing = [];
      for (const method of slipMethodsOf(scenario)) if (!(await shopper.offers(method))) missing.push(METHOD_NAMES[method]);
      if (missing.length) return `the page offers no ${missing.join(' or ')} (no <svc-payment-methods> radio for it)`;
      const counting = { ...own, books: { ...books, settle: async (id: string, method: string) => { const status = await books.settle(id, method); settles.push({ chargeId: id, status }); return status; } } };
      for (const step of scenario.steps) {
        const start = await books.cursor();
        stepStarts.push(start);
        // A page the driver cannot work (a click that never lands, a frame that never loads) fails this scenario, not the run.
        steps.push(await play(step, shopper, counting, start).catch((error: Error) => ({ step, answers: [{ kind: 'stuck' as const, why: `the page could not be used: ${error.message.split('\n')[0]}` }], challengeOpened: false })));
      }
      return undefined;
    } finally {
      await context.close();
      share.end = await books.cursor();
      // What played beside it may still name (by its card) a charge made in this window: judged once they are done.
      overlapping = [...run.playing].filter((p) => p !== playing);
    }
  })();
  run.playing.add(playing);
  const skipped = await playing.finally(() => { run.playing.delete(playing); played(); });
  if (skipped) return { skipped };
  await Promise.allSettled(overlapping);
  // Webhooks are judged once each delivery of the scenario's events had an answer (or the wait ran out).
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  let events = await own.events();
  let deliveries = await books.deliveries(new Set(events.map((e) => e.id)));
  while (Date.now() < deadline && deliveries.some((d) => d.status === 'pending' && d.lastAnswer === undefined)) {
    await new Promise((r) => setTimeout(r, 300));
    events = await own.events();
    deliveries = await books.deliveries(new Set(events.map((e) => e.id)));
  }
  // The step an event belongs to: the last one that began before it.
  const stepOf = (seq: number) => Math.max(0, stepStarts.filter((s) => seq > s).length - 1);
  // Only the scenario that armed a drop reads them (and forgets them, armed or made, before any other plays).
  const drops = slotOf(scenario) === 'alone' ? await books.drops() : [];
  if (slotOf(scenario) === 'alone') await books.clearDrops();
  return { scenario, steps, ...books.records(events, stepOf), webhooks: await books.webhookCount(), deliveries, drops, settles };
}

export async function runCheck(options: RunOptions): Promise<Verdict[]> {
  const books = ledger(options);
  await books.clearDrops();
  const run: Run = { options, books, start: await books.cursor(), tag: Math.floor(Math.random() * 26 ** 4), shares: [], playing: new Set() };
  const told = inOrder(options.onVerdict);
  await schedule(options.scenarios.map((scenario, index) => ({ scenario, index })), ({ scenario }) => slotOf(scenario), options.concurrency ?? DEFAULT_CONCURRENCY, async ({ scenario, index }, played) => {
    const began = performance.now();
    const record = await playScenario(scenario, index, run, played);
    const seconds = (performance.now() - began) / 1000;
    told.add(index, 'skipped' in record ? { scenario, findings: [], seconds, skipped: record.skipped } : { scenario, findings: judge(record), seconds });
  });
  return told.verdicts;
}
