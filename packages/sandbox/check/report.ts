// What `svc-sandbox check` prints: one line per scenario (PASS, or FAIL with what went wrong
// and how to fix it on the lines under it), then a summary. The exit code is the caller's.
import type { Finding } from './invariants.js';
import type { Scenario } from './scenarios.js';

export interface Verdict { scenario: Scenario; findings: Finding[]; seconds: number }

export function scenarioLines({ scenario, findings, seconds }: Verdict): string[] {
  const head = `${findings.length ? 'FAIL' : 'pass'}  ${scenario.id.padEnd(25)} ${scenario.title} (${seconds.toFixed(1)} s)`;
  return [head, ...findings.flatMap((f) => [`      - ${f.problem}`, `        fix: ${f.fix}`])];
}

export function summaryLine(verdicts: readonly Verdict[]): string {
  const failed = verdicts.filter((v) => v.findings.length).length;
  return failed ? `${failed} of ${verdicts.length} scenarios failed: the checkout can lose or double an order's payment.` : `all ${verdicts.length} scenarios passed.`;
}
