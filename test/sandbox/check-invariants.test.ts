// The invariants of `svc-sandbox check` (packages/sandbox/check/invariants.ts) on records made
// here: at most one payment per order, every webhook acknowledged, no status left unhandled, a
// dropped answer retried with its key. Open-ended inputs (payments, deliveries) by fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge, TOOK_MONEY } from '../../packages/sandbox/check/invariants.js';
import type { DeliverySeen, Payment, ScenarioRecord } from '../../packages/sandbox/check/record.js';
import { SCENARIOS } from '../../packages/sandbox/check/scenarios.js';

const paidScenario = SCENARIOS.find((s) => s.id === 'paid')!;
const STATUSES = ['PAID', 'AUTHORIZED', 'DECLINED', 'PENDING_3DS', 'CANCELED', 'IN_ANALYSIS', 'DISCARDED'];

/** A record of the "paid" scenario that passes, changed by `change`. */
const record = (change: Partial<ScenarioRecord> = {}): ScenarioRecord => ({
  scenario: paidScenario,
  steps: [{ step: paidScenario.steps[0]!, answers: [{ kind: 'message', text: 'Paid' }], challengeOpened: false }],
  payments: [{ id: 't1', status: 'PAID', paymentMethod: 'CREDIT_CARD', chargeId: 'c1', step: 0 }],
  charges: [{ id: 'c1', status: 'PAID' }], webhooks: 1,
  deliveries: [{ eventId: 'e1', eventType: 'transaction.created', status: 'succeeded', lastAnswer: '200' }], drops: [], settles: [],
  ...change,
});
const problems = (r: ScenarioRecord) => judge(r).map((f) => f.problem).join('\n');

const payment = fc.record({ id: fc.uuid(), status: fc.constantFrom(...STATUSES), paymentMethod: fc.constant('CREDIT_CARD'), chargeId: fc.constant('c1'), step: fc.constant(0) }) as fc.Arbitrary<Payment>;
const delivery = fc.record({ eventId: fc.uuid(), eventType: fc.constantFrom('transaction.created', 'charge.paid'), status: fc.constantFrom('pending', 'succeeded', 'failed'), lastAnswer: fc.constantFrom('200', '500', 'no answer') }) as fc.Arbitrary<DeliverySeen>;

describe('check invariants', () => {
  it('a record of a correct checkout has no finding', () => {
    expect(judge(record())).toEqual([]);
  });

  it('at most one payment per order: any list of payments fails exactly when two or more took money', () => {
    fc.assert(fc.property(fc.array(payment, { maxLength: 6 }), (payments) => {
      const took = payments.filter((p) => TOOK_MONEY.has(p.status)).length;
      const found = /paid \d+ times for one order/.test(problems(record({ payments, steps: [{ ...record().steps[0]!, challengeOpened: true }] })));
      expect(found).toBe(took > 1);
    }));
  });

  it('every webhook acknowledged: any delivery not succeeded is a finding that counts them', () => {
    fc.assert(fc.property(fc.array(delivery, { maxLength: 8 }), (deliveries) => {
      const missed = deliveries.filter((d) => d.status !== 'succeeded').length;
      const text = problems(record({ deliveries }));
      expect(text.includes('not acknowledged')).toBe(missed > 0);
      if (missed) expect(text).toContain(`${missed} webhook deliver`);
    }));
  });

  it('no webhook registered is a finding of its own', () => {
    expect(problems(record({ webhooks: 0, deliveries: [] }))).toMatch(/no webhook is registered/);
  });

  it('a PENDING_3DS never opened is a finding; opened, it is not', () => {
    const pending: Payment = { id: 't1', status: 'PENDING_3DS', paymentMethod: 'CREDIT_CARD', step: 0 };
    const steps = (opened: boolean): ScenarioRecord['steps'] => [{ step: paidScenario.steps[0]!, answers: [{ kind: 'error', text: 'Payment failed' }], challengeOpened: opened }];
    expect(problems(record({ payments: [pending], steps: steps(false) }))).toMatch(/PENDING_3DS payment was never opened: the page showed error \("Payment failed"\)/);
    expect(problems(record({ payments: [pending], steps: steps(true) }))).not.toMatch(/PENDING_3DS/);
  });

  it('a page that shows nothing, and a paid order shown as an error, are findings', () => {
    expect(problems(record({ steps: [{ step: paidScenario.steps[0]!, answers: [{ kind: 'nothing' }], challengeOpened: false }] }))).toMatch(/the page showed nothing \(PAID\)/);
    expect(problems(record({ steps: [{ step: paidScenario.steps[0]!, answers: [{ kind: 'error', text: 'try again' }], challengeOpened: false }] }))).toMatch(/paid but the page showed an error/);
  });

  it('a payment held for review (IN_ANALYSIS, then PAID by the review) shown as an error is a finding naming the status; shown as waiting, none', () => {
    const analysis = SCENARIOS.find((x) => x.id === 'in-analysis')!;
    const held: Payment = { id: 't1', status: 'PAID', statuses: ['IN_ANALYSIS', 'PAID'], paymentMethod: 'CREDIT_CARD', chargeId: 'c1', step: 0 };
    const shown = (answer: ScenarioRecord['steps'][number]['answers'][number]): ScenarioRecord['steps'] => [
      { step: analysis.steps[0]!, answers: [answer], challengeOpened: false }, { step: analysis.steps[1]!, answers: [], challengeOpened: false }];
    const asError = judge(record({ scenario: analysis, payments: [held], steps: shown({ kind: 'error', text: 'Payment failed, try again' }) }));
    expect(asError.map((f) => `${f.problem} -> ${f.fix}`)).toEqual([expect.stringMatching(/^the payment was IN_ANALYSIS \(held for fraud review: it may still be paid\) but the page showed an error \("Payment failed, try again"\) -> IN_ANALYSIS is not a decline: show "waiting".*webhook/)]);
    expect(judge(record({ scenario: analysis, payments: [held], steps: shown({ kind: 'message', text: 'Payment under analysis' }) }))).toEqual([]);
    // Any waiting status shown as an error is told as that status, never as a network error.
    fc.assert(fc.property(fc.constantFrom('IN_ANALYSIS', 'PENDING_REVIEW', 'PROCESSING'), fc.constantFrom('PAID', 'DECLINED', 'CANCELED'), (first, last) => {
      const text = problems(record({ scenario: analysis, payments: [{ ...held, status: last, statuses: [first, last] }], steps: shown({ kind: 'error', text: 'no' }) }));
      expect(text).toContain(`the payment was ${first} (`);
      expect(text).not.toMatch(/paid but the page showed an error/);
    }));
  });

  it('a dropped answer: no key, or never retried, is a finding; retried with its key is not', () => {
    expect(problems(record({ drops: [{ path: '/v1/transaction', idempotencyKey: null, retried: false }] }))).toMatch(/carried no Idempotency-Key/);
    expect(problems(record({ drops: [{ path: '/v1/charge/pay', idempotencyKey: 'o:pay:1', retried: false }] }))).toMatch(/never asked for again with its key o:pay:1/);
    expect(judge(record({ drops: [{ path: '/v1/charge/pay', idempotencyKey: 'o:pay:1', retried: true }] }))).toEqual([]);
  });

  it('a slip paid by the bank after the card paid names the slip left payable', () => {
    const payments: Payment[] = [{ id: 't1', status: 'PAID', paymentMethod: 'CREDIT_CARD', step: 1 }, { id: 't2', status: 'PAID', paymentMethod: 'PIX', chargeId: 'c9', step: 2 }];
    expect(problems(record({ payments, settles: [{ chargeId: 'c9', status: 200 }] }))).toMatch(/the PIX or boleto issued first stayed payable/);
  });

  it('an order never paid, with nothing else to explain it, says so', () => {
    expect(problems(record({ payments: [{ id: 't1', status: 'DECLINED', paymentMethod: 'CREDIT_CARD', step: 0 }] }))).toMatch(/never paid/);
  });
});
