// `npm test`: every suite, stage after stage (two side by side only where neither can upset
// the other), then one plain summary line `N passed, N failed`, whatever happens. A suite
// reports its counts one of three ways: Vitest's and Playwright's JSON reporters, or a file .cache/results/<suite>.json {passed, failed}
// that our own runners write; the summary line ends with the browser tests per engine
// (scripts/engine-counts.mjs). A suite that exits non-zero without counting a
// failure counts one; `system` and `build` failing stop the run (nothing can test).
// A process a suite started that is still alive after it (scripts/leftover-processes.mjs) is
// named, killed and counted as one failure: no test may leave a server or browser running.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { childrenCpuSeconds } from './children-cpu.mjs';
import { engineCounts, formatEngineCounts } from './engine-counts.mjs';
import { RUN_MARK, reapLeftovers } from './leftover-processes.mjs';
import { vitestFailures } from './vitest-failures.mjs';

const results = resolve('.cache/results');
rmSync('.cache', { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** A report, or null when it is missing or half-written (the suite then counts as broken). */
function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

// The unit projects' stages (vitest.config.ts NPM_TEST_STAGES): one source for which run beside which.
const { NPM_TEST_STAGES: UNIT } = (await tsImport('../vitest.config.ts', import.meta.url));
const passFail = (run) => ({ passed: run.status === 0 ? 1 : 0, failed: run.status === 0 ? 0 : 1 });

/**
 * The run, stage after stage. A stage is lanes that run side by side, each lane its suites in
 * turn, then the stage's `shared` suites, if any, each taken by the first lane free: only work
 * that neither times anything nor writes what the other reads shares a stage (CONTRIBUTING.md,
 * "Where CI's time goes"); what times things runs with nothing beside it.
 */
const stages = [
  // Not watched for leftovers: a Debian package it installs may start its service.
  [[{ name: 'system', command: ['node', 'scripts/ensure-system.mjs'], required: true, startsServices: true }]],
  [[{ name: 'build', command: ['npm', 'run', 'build'], required: true }]],
  [[unitSuite('unit', UNIT.together)]],
  // The checks after `shared` go to whichever lane ends first: neither lane's length is the same
  // from machine to machine, and none of them reads what the lanes write (packs/, packages' dist/).
  shared([
    [unitSuite('unit-http', UNIT.beside.filter((p) => p === 'http'))],
    [unitSuite('unit-package', UNIT.beside.filter((p) => p !== 'http'))],
  ], [
    // The public types are part of the product (a result union on hasErrors, typed events): one check.
    { name: 'types', command: ['npx', 'tsc', '-p', 'tsconfig.json'], count: passFail },
    { name: 'package', command: ['node', 'scripts/check-package.mjs'], count: () => readJson(`${results}/package.json`) },
    // The sandbox's layers import only downwards (.dependency-cruiser.cjs; CONTRIBUTING.md draws them): one check.
    { name: 'layers', command: ['npx', 'depcruise', '-c', '.dependency-cruiser.cjs', 'packages/sandbox'], count: passFail },
  ]),
  [[
    unitSuite('unit-quiet', UNIT.quiet),
    // Single use across service processes sharing one redis-server, through a stall and a SIGKILL:
    // the short run of `npm run load` (load/run.mjs), its checks counted.
    { name: 'load', command: ['node', 'load/run.mjs', '--tokens', '1000', '--report'], count: () => readJson(`${results}/load.json`) },
  ]],
  // Chromium, Firefox ESR and WebKitGTK (over WebDriver), each spec in the engines its `// @engines`
  // line names (e2e/spec-engines.ts): first the specs that watch things move (`@layout`) or assert
  // wall-clock time (`@timed`), one test at a time with nothing else running; then the others, two workers.
  [[e2eSuite('e2e-layout', ['--project', '*-layout', '--workers', '1'])]],
  [[e2eSuite('e2e', ['--project', 'chromium', '--project', 'firefox', '--project', 'webkit'])]],
];

/** A stage's lanes and `suites` that each lane, its own suites done, takes one at a time in order until none is left. */
function shared(lanes, suites) {
  return Object.assign(lanes, { shared: suites });
}

/** Vitest over some projects, its JSON report .cache/results/<name>.json. */
function unitSuite(name, projects) {
  const report = `${results}/${name}.json`;
  return {
    name,
    report,
    command: ['npx', 'vitest', 'run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    count: () => {
      const json = readJson(report);
      return json && { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
    },
  };
}

/** A Playwright run whose JSON report is .cache/results/<name>.json. */
function e2eSuite(name, args) {
  const report = `${results}/${name}.json`;
  return {
    name,
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    count: () => {
      const stats = readJson(report)?.stats;
      return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  };
}

/**
 * One migrated PGlite dump for the whole run, named in SVC_SANDBOX_MEMORY_IMAGE, which every suite
 * inherits: Vitest's sandbox and client projects, the demos of its http project and of both
 * Playwright runs load it rather than run initdb, and neither run makes a dump of its own
 * (test-support/pglite/). Made once the build passed; if it cannot be, each run makes its own.
 */
async function shareMigratedDump() {
  if (process.env.SVC_SANDBOX_MEMORY_IMAGE) return;
  const file = join(tmpdir(), `svc-card-pglite-migrated-run-${process.pid}.tar`);
  try {
    const { writeMigratedDump } = await tsImport('../test-support/pglite/migrated-dump.ts', import.meta.url);
    await writeMigratedDump(file);
    process.env.SVC_SANDBOX_MEMORY_IMAGE = file;
    process.once('exit', () => rmSync(file, { force: true }));
  } catch (error) {
    console.log(`(no shared PGlite dump: ${error.message}; each suite makes its own)`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const leftovers = [];
// Suites that failed without naming a test (types, layers, package, load): named at the end too.
const failedSuites = [];
/** Runs a command to its end; its output goes to ours, or is kept (`quiet`) to be printed whole afterwards. */
function runCommand(command, env, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const kept = [];
    child.stdout?.on('data', (chunk) => kept.push(chunk));
    child.stderr?.on('data', (chunk) => kept.push(chunk));
    child.on('error', (error) => resolve({ status: null, signal: error.message, output: Buffer.concat(kept).toString() }));
    child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(kept).toString() }));
  });
}

/** One suite: run, counted, its leftovers reaped; false when it was required and failed (the run stops). */
async function runSuite(suite, { quiet, timeCpu }) {
  if (suite.name === 'unit') await shareMigratedDump();
  const header = `\n=== ${suite.name}: ${suite.command.join(' ')}`;
  if (!quiet) console.log(header);
  const runId = randomUUID();
  const started = Date.now();
  const cpuBefore = timeCpu ? childrenCpuSeconds() : undefined;
  const run = await runCommand(suite.command, { ...process.env, ...suite.env, [RUN_MARK]: runId }, quiet);
  const seconds = Math.round((Date.now() - started) / 1000);
  const cpu = cpuBefore === undefined ? undefined : Math.round(childrenCpuSeconds() - cpuBefore);
  const left = suite.startsServices ? [] : await reapLeftovers(runId);
  const counted = suite.count?.(run) ?? { passed: 0, failed: 0 };
  const brokeUncounted = run.status !== 0 && !counted.failed;
  passed += counted.passed;
  failed += counted.failed + (brokeUncounted ? 1 : 0) + left.length;
  skipped += counted.skipped ?? 0;
  if (counted.failed || brokeUncounted) failedSuites.push({ name: suite.name, command: suite.command.join(' '), status: run.status ?? run.signal });
  leftovers.push(...left.map((leftover) => ({ suite: suite.name, ...leftover })));
  const extra = [
    counted.skipped ? `, ${counted.skipped} skipped` : '',
    brokeUncounted ? `, exited ${run.status ?? run.signal}` : '',
    left.length ? `, ${left.length} process${left.length === 1 ? '' : 'es'} left running (killed)` : '',
  ].join('');
  // A suite that ran beside another prints its output whole once done, so the two never interleave.
  if (quiet) console.log(`${header}\n${run.output.trimEnd()}`);
  // CPU: what the suite's processes used of the two cores meanwhile (CONTRIBUTING, "Where CI's time goes").
  console.log(`=== ${suite.name}: ${counted.passed} passed, ${counted.failed} failed${extra} (${seconds} s${cpu === undefined ? '' : `, CPU ${cpu} s`})`);
  return !(suite.required && run.status !== 0);
}

for (const lanes of stages) {
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  // The first lane prints as it goes; the others print each suite whole when it ends.
  const waiting = [...(lanes.shared ?? [])];
  const ran = lanes.map(() => []);
  const goOn = await Promise.all(lanes.map(async (lane, index) => {
    const run = async (suite) => {
      ran[index].push(suite.name);
      return runSuite(suite, { quiet: index > 0, timeCpu: lanes.length === 1 });
    };
    for (const suite of lane) if (!(await run(suite))) return false;
    for (let suite = waiting.shift(); suite; suite = waiting.shift()) if (!(await run(suite))) return false;
    return true;
  }));
  if (lanes.length > 1) {
    const cpu = cpuBefore === undefined ? '' : `, CPU ${Math.round(childrenCpuSeconds() - cpuBefore)} s`;
    console.log(`=== side by side: ${ran.map((names) => names.join(', ')).join(' | ')} (${Math.round((Date.now() - started) / 1000)} s${cpu})`);
  }
  if (goOn.includes(false)) break;
}

// The browser suites once more, per engine, with every skip and its reason.
const engines = engineCounts(readJson(`${results}/e2e-layout.json`), readJson(`${results}/e2e.json`));
console.log('');
for (const { engine, title, reason } of engines.skips) console.log(`skipped [${engine}] ${title}: ${reason}`);
// Failed tests by name, near the end where a CI log's tail still shows them.
for (const suite of stages.flatMap((lanes) => [...lanes.flat(), ...(lanes.shared ?? [])]).filter((suite) => suite.report)) {
  for (const { file, title } of vitestFailures(readJson(suite.report))) console.log(`failed [${suite.name}] ${file} › ${title}`);
}
for (const { engine, title } of engines.failures) console.log(`failed [${engine}] ${title}`);
for (const { name, command, status } of failedSuites) console.log(`failed suite [${name}] ${command} (exit ${status})`);
for (const { suite, pid, command } of leftovers) console.log(`left running [${suite}] pid ${pid}: ${command}`);
for (const { engine, title } of engines.flaky) console.log(`flaky [${engine}] ${title}: passed on its retry`);
console.log(`browsers: ${formatEngineCounts(engines.counts)}`);
// The last line stays the plain summary CI reads: `N passed, N failed[, N skipped]` alone.
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
