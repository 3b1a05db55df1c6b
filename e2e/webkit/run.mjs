#!/usr/bin/env node
// The demo journey in WebKitGTK (../shared/ENGINES.md): selenium-webdriver +
// WebKitWebDriver under Xvfb. The element and IIFE specs run in WebKitGTK as the
// Playwright `webkit` project instead (e2e/support/engine-fixture.ts). It prints one
// line per test and writes .cache/results/webkit.json {"passed":N,"failed":N} for npm test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TimeoutError, startWebKit, withTimeout } from './session.mjs';
import { testKeysDir } from '../support/demo-keys.mjs';
import { demoTests } from './demo-tests.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = resolve(ROOT, '.cache/results/webkit.json');
const TEST_MS = 45_000;
const WHOLE_RUN_MS = 180_000;

let passed = 0;
let failed = 0;
const record = () => {
  mkdirSync(resolve(RESULTS, '..'), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify({ passed, failed }));
};

const cleanups = [];
const cleanUp = async () => { for (const fn of cleanups.reverse()) await fn().catch(() => {}); cleanups.length = 0; };
const watchdog = setTimeout(async () => {
  console.error(`webkit: the whole run took over ${WHOLE_RUN_MS / 1000} s; stopping`);
  failed += 1;
  record();
  await cleanUp();
  process.exit(1);
}, WHOLE_RUN_MS);
let stopping = false;
// Ctrl-C or a kill from outside: stop the browser processes, count it as a failure.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.once(signal, async () => {
    stopping = true;
    console.error(`webkit: ${signal}; cleaning up`);
    failed += 1;
    record();
    await cleanUp();
    process.exit(code);
  });
}

try {
  const started = Date.now();
  const { startDemo } = await import('../../demo/start-demo.mjs');
  const demo = await startDemo({ port: 0, keysDir: testKeysDir() });
  cleanups.push(demo.close);
  let webkit = await startWebKit();
  cleanups.push(() => webkit.stop());
  console.log(`webkit: ${await webkit.driver.executeScript('return navigator.userAgent')} (${Date.now() - started} ms to start)`);

  const context = { driver: webkit.driver, demo };
  for (const [name, run] of demoTests) {
    if (stopping) break;
    const t0 = Date.now();
    try {
      await withTimeout(run(context), TEST_MS, name);
      passed += 1;
      console.log(`  ok   [webkit] ${name} (${Date.now() - t0} ms)`);
    } catch (error) {
      failed += 1;
      console.log(`  FAIL [webkit] ${name} (${Date.now() - t0} ms)\n       ${String(error?.stack ?? error).split('\n').slice(0, 4).join('\n       ')}`);
      // A test that timed out may leave the session stuck mid-command: the next test gets a fresh one.
      if (error instanceof TimeoutError && !stopping) {
        await webkit.stop();
        webkit = await startWebKit();
        context.driver = webkit.driver;
      }
    }
  }
} catch (error) {
  failed += 1;
  console.log(`  FAIL [webkit] could not start: ${error?.message ?? error}`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
  record();
  console.log(`webkit: ${passed} passed, ${failed} failed`);
}
process.exit(failed === 0 && passed > 0 ? 0 : 1);
