// npm test's per-engine summary: counts by Playwright project, and every skip with
// the reason its spec gave.
import { describe, expect, it } from 'vitest';
import { engineCounts, formatEngineCounts } from '../../scripts/engine-counts.mjs';

const test = (projectName: string, status: string, reason?: string) =>
  ({ projectName, status, annotations: reason ? [{ type: 'skip', description: reason }] : [] });

const report = {
  suites: [{
    specs: [{ title: 'types a card', file: 'element/typing.spec.ts', tests: [test('chromium', 'expected'), test('firefox', 'flaky'), test('webkit', 'unexpected')] }],
    suites: [{ specs: [{ title: 'pastes', file: 'element/typing.spec.ts', tests: [test('chromium', 'expected'), test('firefox', 'skipped', 'no clipboard'), test('webkit', 'skipped')] }] }],
  }],
};

describe('engineCounts', () => {
  it('counts each engine, nested suites included (flaky counts as passed)', () => {
    const { counts } = engineCounts(report);
    expect(counts).toEqual({
      chromium: { passed: 2, failed: 0, skipped: 0 },
      firefox: { passed: 1, failed: 0, skipped: 1 },
      webkit: { passed: 0, failed: 1, skipped: 1 },
    });
    expect(formatEngineCounts(counts)).toBe('chromium: 2 passed, 0 failed; firefox: 1 passed, 0 failed, 1 skipped; webkit: 0 passed, 1 failed, 1 skipped');
  });

  it('lists every skip with its reason, and says when a spec gave none', () => {
    expect(engineCounts(report).skips).toEqual([
      { engine: 'firefox', title: 'element/typing.spec.ts › pastes', reason: 'no clipboard' },
      { engine: 'webkit', title: 'element/typing.spec.ts › pastes', reason: 'no reason given' },
    ]);
  });

  it('names every failed test with its engine, and every test that passed only on a retry', () => {
    expect(engineCounts(report).failures).toEqual([{ engine: 'webkit', title: 'element/typing.spec.ts › types a card' }]);
    expect(engineCounts(report).flaky).toEqual([{ engine: 'firefox', title: 'element/typing.spec.ts › types a card' }]);
  });

  it('counts a `<engine>-layout` project as its engine, over several reports', () => {
    const layout = { suites: [{ specs: [{ title: 'holds still', file: 'frame/steady-layout.spec.ts', tests: [test('webkit-layout', 'expected'), test('chromium-layout', 'unexpected')] }] }] };
    const { counts, failures } = engineCounts(report, layout);
    expect(counts).toEqual({
      chromium: { passed: 2, failed: 1, skipped: 0 },
      firefox: { passed: 1, failed: 0, skipped: 1 },
      webkit: { passed: 1, failed: 1, skipped: 1 },
    });
    expect(failures).toContainEqual({ engine: 'chromium', title: 'frame/steady-layout.spec.ts › holds still' });
  });

  it('reports zeros for missing reports (a suite that could not run)', () => {
    expect(formatEngineCounts(engineCounts(null).counts)).toBe('chromium: 0 passed, 0 failed; firefox: 0 passed, 0 failed; webkit: 0 passed, 0 failed');
  });
});
