// Plays the scenarios one after another against a checkout and judges each: a fresh shopper
// (browser context) per scenario, the sandbox's events after the scenario's cursor as its
// ledger, the page's answers from page-driver.ts, the invariants from invariants.ts.
import type { Browser } from 'playwright-core';
import { IN_REVIEW, judge } from './invariants.js';
import { ledger, type Ledger, type SandboxAccess } from './ledger.js';
import { CheckoutPage, pageAnswer } from './page-driver.js';
import type { ScenarioRecord, StepRecord } from './record.js';
import type { Verdict } from './report.js';
import { CHECK_CARDS, slipMethodsOf, type Scenario, type Step } from './scenarios.js';

/** How long webhooks have to be answered once a scenario's steps are done. */
export const WEBHOOK_WAIT_MS = 12_000;

export interface RunOptions extends SandboxAccess { checkoutUrl: string; browser: Browser; scenarios: readonly Scenario[]; onVerdict?: (verdict: Verdict) => void }

/** Plays one step; its answers and the events' numbers it spanned are recorded. */
async function play(step: Step, shopper: CheckoutPage, books: Ledger, cursor: number): Promise<StepRecord> {
  const record: StepRecord = { step, answers: [], challengeOpened: false };
  const loadsBefore = shopper.challengeLoads.length;
  if (step.do === 'pay-card' || step.do === 'pay-slip') {
    await shopper.closeNextAction();
    const method = step.do === 'pay-card' ? 'card' : step.method;
    const why = (await shopper.choose(method)) ?? (step.do === 'pay-card' ? await shopper.typeCard(CHECK_CARDS[step.card]) : undefined);
    if (why) return { ...record, answers: [{ kind: 'stuck', why }] };
    const before = await shopper.shown();
    const refused = await shopper.pay(step.do === 'pay-card' && step.twice);
    if (refused) return { ...record, answers: [{ kind: 'stuck', why: refused }] };
    const answer = await pageAnswer(shopper.page, before, undefined, shopper.requestsOut);
    record.answers.push(answer);
    if (step.do === 'pay-card' && step.challenge && answer.kind === 'next-action' && answer.what === 'challenge') {
      const still = await shopper.shown();
      await shopper.challenge(step.challenge);
      record.answers.push(await pageAnswer(shopper.page, { ...still, nextAction: 'challenge' }, undefined, shopper.requestsOut));
    }
  } else if (step.do === 'bank-settles' || step.do === 'slip-expires') {
    const { charges } = books.records(await books.eventsAfter(cursor), () => 0);
    for (const charge of charges.filter((c) => c.slipMethod)) {
      if (step.do === 'bank-settles') await books.settle(charge.id, charge.slipMethod!);
      else await books.expire(charge.id);
    }
  } else if (step.do === 'review-approves') {
    const { payments } = books.records(await books.eventsAfter(cursor), () => 0);
    for (const payment of payments.filter((p) => IN_REVIEW.has(p.status))) await books.review(payment.id);
  } else if (step.do === 'drop-next-answer') {
    await books.armDrops();
  } else {
    const ids = (await books.eventsAfter(cursor)).map((e) => e.id);
    await books.redeliver([...ids, ...ids].reverse());
  }
  record.challengeOpened = shopper.challengeLoads.length > loadsBefore;
  return record;
}

const METHOD_NAMES = { pix: 'PIX', boleto: 'boleto' } as const;

/** The scenario's record, or why it was skipped: its page offers none of the methods it pays with (a card-only checkout has no PIX to issue). */
async function playScenario(scenario: Scenario, options: RunOptions, books: Ledger): Promise<ScenarioRecord | { skipped: string }> {
  const start = await books.cursor();
  const context = await options.browser.newContext();
  const settles: ScenarioRecord['settles'] = [];
  const steps: StepRecord[] = [];
  const stepStarts: number[] = [];
  try {
    const shopper = await CheckoutPage.open(context, options.checkoutUrl, options.url);
    const missing = [];
    for (const method of slipMethodsOf(scenario)) if (!(await shopper.offers(method))) missing.push(METHOD_NAMES[method]);
    if (missing.length) return { skipped: `the page offers no ${missing.join(' or ')} (no <svc-payment-methods> radio for it)` };
    const counting = { ...books, settle: async (id: string, method: string) => { const status = await books.settle(id, method); settles.push({ chargeId: id, status }); return status; } };
    for (const step of scenario.steps) {
      stepStarts.push(await books.cursor());
      // A page the driver cannot work (a click that never lands, a frame that never loads) fails this scenario, not the run.
      steps.push(await play(step, shopper, counting, start).catch((error: Error) => ({ step, answers: [{ kind: 'stuck' as const, why: `the page could not be used: ${error.message.split('\n')[0]}` }], challengeOpened: false })));
    }
  } finally {
    await context.close();
  }
  // Webhooks are judged once each delivery of the window had an answer (or the wait ran out).
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  let events = await books.eventsAfter(start);
  let deliveries = await books.deliveries(new Set(events.map((e) => e.id)));
  while (Date.now() < deadline && deliveries.some((d) => d.status === 'pending' && d.lastAnswer === undefined)) {
    await new Promise((r) => setTimeout(r, 300));
    events = await books.eventsAfter(start);
    deliveries = await books.deliveries(new Set(events.map((e) => e.id)));
  }
  // The step an event belongs to: the last one that began before it.
  const stepOf = (seq: number) => Math.max(0, stepStarts.filter((s) => seq > s).length - 1);
  const drops = await books.drops();
  await books.clearDrops();
  return { scenario, steps, ...books.records(events, stepOf), webhooks: await books.webhookCount(), deliveries, drops, settles };
}

export async function runCheck(options: RunOptions): Promise<Verdict[]> {
  const books = ledger(options);
  await books.clearDrops();
  const verdicts: Verdict[] = [];
  for (const scenario of options.scenarios) {
    const began = performance.now();
    const record = await playScenario(scenario, options, books);
    const seconds = (performance.now() - began) / 1000;
    const verdict: Verdict = 'skipped' in record ? { scenario, findings: [], seconds, skipped: record.skipped } : { scenario, findings: judge(record), seconds };
    options.onVerdict?.(verdict);
    verdicts.push(verdict);
  }
  return verdicts;
}
