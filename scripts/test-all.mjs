// `npm test`: every suite in turn, then one plain summary line `N passed, N failed`.
// A suite reports its counts one of three ways: Vitest's and Playwright's JSON
// reporters, or a file .cache/results/<suite>.json {passed, failed} that our own
// runners write. A suite that exits non-zero without counting a failure counts one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const results = '.cache/results';
rmSync('.cache', { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const suites = [
  { name: 'build', command: ['npm', 'run', 'build'], count: () => null },
  {
    name: 'unit',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`],
    count: () => {
      const report = readJson(`${results}/vitest.json`);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  },
  { name: 'package', command: ['node', 'scripts/check-package.mjs'], count: () => readJson(`${results}/package.json`) },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    // Absolute: Playwright resolves a relative name against the config's folder.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(`${results}/playwright.json`) },
    count: () => {
      const stats = readJson(`${results}/playwright.json`)?.stats;
      return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    },
  },
  { name: 'webkit', command: ['node', 'e2e/webkit/run.mjs'], count: () => readJson(`${results}/webkit.json`) },
];

let passed = 0;
let failed = 0;
for (const suite of suites) {
  console.log(`\n=== ${suite.name}: ${suite.command.join(' ')}`);
  const run = spawnSync(suite.command[0], suite.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...suite.env } });
  const counted = suite.count() ?? { passed: 0, failed: 0 };
  const brokeUncounted = run.status !== 0 && counted.failed === 0;
  passed += counted.passed;
  failed += counted.failed + (brokeUncounted ? 1 : 0);
  console.log(`=== ${suite.name}: ${counted.passed} passed, ${counted.failed} failed${brokeUncounted ? `, exited ${run.status ?? run.signal}` : ''}`);
  if (suite.name === 'build' && run.status !== 0) break; // nothing else can run without dist/
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
