// npm test names the failed unit tests at its end, from Vitest's JSON report.
import { describe, expect, it } from 'vitest';
import { vitestFailures } from '../../scripts/vitest-failures.mjs';

const report = {
  testResults: [
    { name: '/repo/test/a.test.ts', status: 'failed', assertionResults: [
      { fullName: 'a passes', status: 'passed' },
      { fullName: 'a fails', status: 'failed' },
    ] },
    { name: '/repo/test/b.test.ts', status: 'failed', message: 'Cannot find module x\n  at y', assertionResults: [] },
    { name: '/repo/test/c.test.ts', status: 'passed', assertionResults: [{ fullName: 'c', status: 'passed' }] },
  ],
};

describe('vitestFailures', () => {
  it('names each failed test, and a file that failed without a failed test', () => {
    expect(vitestFailures(report, '/repo')).toEqual([
      { file: 'test/a.test.ts', title: 'a fails' },
      { file: 'test/b.test.ts', title: 'Cannot find module x' },
    ]);
  });

  it('gives none for a missing report', () => {
    expect(vitestFailures(null)).toEqual([]);
  });
});
