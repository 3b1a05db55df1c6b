// Per-engine counts for `npm test`'s summary line from Playwright's JSON report (one
// project per engine: chromium, firefox, webkit), and every skipped test with the
// reason its spec gave (test.skip(condition, reason)), and every failed test by name.

const ENGINES = ['chromium', 'firefox', 'webkit'];

function* testsOf(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { title: spec.title, file: spec.file, test };
  for (const child of suite.suites ?? []) yield* testsOf(child);
}

/** { chromium: {passed, failed, skipped}, ... }, skips [{ engine, title, reason }], failures and flaky (passed on a retry) [{ engine, title }]. */
export function engineCounts(playwrightReport) {
  const counts = Object.fromEntries(ENGINES.map((engine) => [engine, { passed: 0, failed: 0, skipped: 0 }]));
  const skips = [];
  const failures = [];
  const flaky = [];
  for (const suite of playwrightReport?.suites ?? []) {
    for (const { title, file, test } of testsOf(suite)) {
      const engine = (counts[test.projectName] ??= { passed: 0, failed: 0, skipped: 0 });
      if (test.status === 'skipped') {
        engine.skipped += 1;
        const reason = test.annotations.find((a) => a.type === 'skip')?.description ?? 'no reason given';
        skips.push({ engine: test.projectName, title: `${file} › ${title}`, reason });
      } else if (test.status === 'unexpected') {
        engine.failed += 1;
        failures.push({ engine: test.projectName, title: `${file} › ${title}` });
      } else {
        engine.passed += 1;
        if (test.status === 'flaky') flaky.push({ engine: test.projectName, title: `${file} › ${title}` });
      }
    }
  }
  return { counts, skips, failures, flaky };
}

/** `chromium: 40 passed, 0 failed, 1 skipped; firefox: ...` */
export const formatEngineCounts = (counts) => Object.entries(counts)
  .map(([engine, c]) => `${engine}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`)
  .join('; ');
