// Per-engine counts for `npm test`'s summary line from Playwright's JSON reports (two
// projects per engine: `chromium` and `chromium-layout`, and so on, counted as the engine),
// and every skipped test with the reason its spec gave (test.skip(condition, reason)), and
// every failed test by name.

const ENGINES = ['chromium', 'firefox', 'webkit'];

function* testsOf(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { title: spec.title, file: spec.file, test };
  for (const child of suite.suites ?? []) yield* testsOf(child);
}

/** The engine a project runs: `webkit-layout` is webkit. */
const engineOf = (projectName) => projectName.replace(/-layout$/, '');

/**
 * { chromium: {passed, failed, skipped}, ... }, skips [{ engine, title, reason }], failures and
 * flaky (passed on a retry) [{ engine, title }], over one report or several (a missing one is none).
 */
export function engineCounts(...playwrightReports) {
  const counts = Object.fromEntries(ENGINES.map((engine) => [engine, { passed: 0, failed: 0, skipped: 0 }]));
  const skips = [];
  const failures = [];
  const flaky = [];
  for (const suite of playwrightReports.flatMap((report) => report?.suites ?? [])) {
    for (const { title, file, test } of testsOf(suite)) {
      const name = engineOf(test.projectName);
      const engine = (counts[name] ??= { passed: 0, failed: 0, skipped: 0 });
      if (test.status === 'skipped') {
        engine.skipped += 1;
        const reason = test.annotations.find((a) => a.type === 'skip')?.description ?? 'no reason given';
        skips.push({ engine: name, title: `${file} › ${title}`, reason });
      } else if (test.status === 'unexpected') {
        engine.failed += 1;
        failures.push({ engine: name, title: `${file} › ${title}` });
      } else {
        engine.passed += 1;
        if (test.status === 'flaky') flaky.push({ engine: name, title: `${file} › ${title}` });
      }
    }
  }
  return { counts, skips, failures, flaky };
}

/** `chromium: 40 passed, 0 failed, 1 skipped; firefox: ...` */
export const formatEngineCounts = (counts) => Object.entries(counts)
  .map(([engine, c]) => `${engine}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`)
  .join('; ');
