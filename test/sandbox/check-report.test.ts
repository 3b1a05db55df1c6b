// What `svc-sandbox check` prints (check/report.ts): a skipped scenario (its method not offered by
// the page) is a `skip` line with the reason, never counted as passed or failed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inOrder, scenarioLines, summaryLine, type Verdict } from '../../packages/sandbox/check/report.js';
import { SCENARIOS, slipMethodsOf } from '../../packages/sandbox/check/scenarios.js';

const scenario = (id: string) => SCENARIOS.find((s) => s.id === id)!;
const passed = (id: string): Verdict => ({ scenario: scenario(id), findings: [], seconds: 2 });
const skipped = (id: string): Verdict => ({ scenario: scenario(id), findings: [], seconds: 0.1, skipped: 'the page offers no PIX (no <svc-payment-methods> radio for it)' });

describe('check report', () => {
  it('the scenarios that need PIX or boleto are the three slip ones', () => {
    expect(SCENARIOS.filter((s) => slipMethodsOf(s).length).map((s) => [s.id, slipMethodsOf(s)])).toEqual([
      ['pix-then-card', ['pix']], ['pix-expired', ['pix']], ['boleto', ['boleto']],
    ]);
  });

  it('a skipped scenario prints one skip line with its reason, and the summary counts it apart', () => {
    expect(scenarioLines(skipped('pix-expired'))).toEqual([`skip  ${'pix-expired'.padEnd(25)} PIX issued and expired unpaid: the page offers no PIX (no <svc-payment-methods> radio for it)`]);
    expect(summaryLine([passed('paid'), skipped('pix-expired'), skipped('boleto')])).toBe('all 1 scenarios passed (2 skipped: the page does not offer their method).');
    const failed: Verdict = { scenario: scenario('paid'), findings: [{ problem: 'p', fix: 'f' }], seconds: 1 };
    expect(summaryLine([failed, passed('pay-twice'), skipped('boleto')])).toBe('1 of 2 scenarios failed (1 skipped: the page does not offer their method): the checkout can lose or double an order\'s payment.');
    expect(summaryLine([passed('paid')])).toBe('all 1 scenarios passed.');
  });
});

describe('the verdicts told in order', () => {
  it('tells each in the scenarios\' order as soon as those before it are, with or without a listener', () => {
    fc.assert(fc.property(fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6 }), (ends) => {
      const told: string[] = [];
      const withListener = inOrder((v) => told.push(v.scenario.id));
      const without = inOrder();
      for (const i of ends) {
        const verdict: Verdict = { scenario: SCENARIOS[i]!, findings: [], seconds: 1 };
        withListener.add(i, verdict);
        without.add(i, verdict); // no listener: it still ends (it looped for ever once)
        expect(told).toEqual(SCENARIOS.slice(0, told.length).map((s) => s.id));
      }
      expect(told).toEqual(SCENARIOS.slice(0, 6).map((s) => s.id));
      expect(without.verdicts.map((v) => v.scenario.id)).toEqual(told);
    }));
  });
});
