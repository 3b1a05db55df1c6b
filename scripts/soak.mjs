// `npm run soak -- <spec> [more specs] [--times N]`: each browser spec N times (10 by default, the
// house rule for layout specs) in every engine its `// @engines` line names, one test at a time,
// no retries; ends with one line per engine and exits non-zero when any run failed. A failure seen
// here is fixed at its cause, never retried away (CONTRIBUTING.md, "Browser specs").
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals: specs } = parseArgs({ options: { times: { type: 'string', default: '10' } }, allowPositionals: true });
const times = Number(values.times);
if (specs.length === 0 || !Number.isInteger(times) || times < 1) {
  console.error('usage: npm run soak -- e2e/frame/steady-layout.spec.ts [more specs] [--times 10]');
  process.exit(2);
}
const config = ['-c', 'e2e/playwright.config.ts'];

// The projects that hold these specs, as the config assigns them (its @engines lines).
const listed = spawnSync('npx', ['playwright', 'test', ...config, '--list', '--reporter=json', ...specs], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (listed.status !== 0) {
  console.error(listed.stderr || listed.stdout);
  process.exit(1);
}
const projects = new Set();
const walk = (suite) => {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) projects.add(test.projectName);
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of JSON.parse(listed.stdout).suites) walk(suite);
if (projects.size === 0) {
  console.error(`no tests in ${specs.join(' ')}`);
  process.exit(1);
}

const results = [];
for (const project of [...projects].sort()) {
  console.log(`\n=== soak ${project}: ${specs.join(' ')} x${times}`);
  const run = spawnSync('npx', ['playwright', 'test', ...config, '--project', project, '--repeat-each', String(times), '--workers', '1', '--retries', '0', '--reporter', 'dot', ...specs], { stdio: 'inherit' });
  results.push({ project, ok: run.status === 0 });
}
console.log('');
for (const { project, ok } of results) console.log(`soak ${project}: ${ok ? `${times} runs green` : 'FAILED (see above)'}`);
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
