// What `svc-sandbox check` prints: one line per scenario (PASS, or FAIL with what went wrong
// and how to fix it on the lines under it), then a summary. The exit code is the caller's.
import type { Finding } from './invariants.js';
import type { Scenario } from './scenarios.js';

/** `skipped`: why the scenario was not played (the page offers none of its methods); it then has no findings. */
export interface Verdict { scenario: Scenario; findings: Finding[]; seconds: number; skipped?: string }

export function scenarioLines({ scenario, findings, seconds, skipped }: Verdict): string[] {
  if (skipped) return [`skip  ${scenario.id.padEnd(25)} ${scenario.title}: ${skipped}`];
  const head = `${findings.length ? 'FAIL' : 'pass'}  ${scenario.id.padEnd(25)} ${scenario.title} (${seconds.toFixed(1)} s)`;
  return [head, ...findings.flatMap((f) => [`      - ${f.problem}`, `        fix: ${f.fix}`])];
}

export function summaryLine(verdicts: readonly Verdict[]): string {
  const failed = verdicts.filter((v) => v.findings.length).length;
  const skipped = verdicts.filter((v) => v.skipped).length;
  const played = verdicts.length - skipped;
  const skips = skipped ? ` (${skipped} skipped: the page does not offer their method)` : '';
  return failed ? `${failed} of ${played} scenarios failed${skips}: the checkout can lose or double an order's payment.` : `all ${played} scenarios passed${skips}.`;
}

/** Collects the verdicts as scenarios end, in any order, and tells each to `onVerdict` in the scenarios' order, as soon as those before it are told. */
export function inOrder(onVerdict?: (verdict: Verdict) => void) {
  const verdicts: Verdict[] = [];
  let told = 0;
  return {
    verdicts,
    add(index: number, verdict: Verdict) {
      verdicts[index] = verdict;
      for (; verdicts[told]; told++) onVerdict?.(verdicts[told]!);
    },
  };
}
