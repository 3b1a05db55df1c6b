// Real browsers from Debian (../shared/ENGINES.md): Chromium and Firefox ESR through
// Playwright 1.64.1. WebKitGTK goes through WebDriver (support/engine-fixture.ts), for the specs
// written against EnginePage. Each spec says which engines it runs in (`// @engines ...`,
// e2e/spec-engines.ts); the specs that watch things move (`@layout`) or assert wall-clock time
// (`@timed`) go to the `<engine>-layout` projects, one test at a time (`npm test` runs them first, alone on the machine), the others
// three at a time, as `workers` below says (each worker has its own servers and browser).
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestOptions, type PlaywrightWorkerOptions } from '@playwright/test';
import type { Engine } from './support/engine-page.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium-args.mjs';
import { specEngines, specsFor, type EngineName } from './spec-engines.js';

const specs = specEngines(fileURLToPath(new URL('.', import.meta.url)));

const uses: Record<EngineName, Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> & { engine: Engine }> = {
  chromium: { engine: 'chromium', browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] } },
  // Fission off: Playwright 1.64's WebDriver BiDi input does not reach out-of-process (cross-origin)
  // iframes, so keys typed into the card frame would be lost. Same-origin policy still separates
  // the frame from the page (the hostile-page spec checks it); only the process model changes.
  firefox: { engine: 'firefox', browserName: 'firefox', channel: 'moz-firefox', launchOptions: { executablePath: '/usr/bin/firefox-esr', firefoxUserPrefs: { 'fission.autostart': false } } },
  // WebKitGTK through WebKitWebDriver: no Playwright browser is started.
  webkit: { engine: 'webkit' },
};

/** How many of `e2e`'s workers an engine may hold at once (undefined: all). */
const ENGINE_WORKERS: Record<EngineName, number | undefined> = { webkit: 1, chromium: 2, firefox: undefined };

export default defineConfig<{ engine: Engine }>({
  testDir: '.',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three on CI's 2 cores, at most two of them Chromium's and one WebKitGTK's (the projects'
  // `workers` below): the engines differ in what they keep busy. Chromium's check and recipe specs
  // fill the cores (a third worker of any engine beside them was no gain, CONTRIBUTING.md, session
  // 36); WebKitGTK's driver and Firefox's BiDi mostly wait (Firefox's specs alone kept 1.35 of the
  // two cores busy on two workers). So WebKitGTK's specs go first, on one worker beside Chromium's
  // two, and Firefox's take each worker the others free.
  workers: 3,
  retries: 0,
  // The JSON report feeds `npm test`'s summary (scripts/test-all.mjs names it for each run);
  // relative paths are relative to this folder.
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../.cache/results/playwright.json' }]],
  use: { trace: 'off' },
  // One migrated PGlite dump per run: every worker's first demo loads it rather than run initdb.
  globalSetup: '../test-support/pglite/playwright-global-setup.ts',
  // The order is the queue's: a free worker takes the first spec whose engine is under its limit.
  projects: (['webkit', 'chromium', 'firefox'] as const).flatMap((engine) => [
    { name: engine, testMatch: specsFor(specs, engine, false), use: uses[engine], workers: ENGINE_WORKERS[engine] },
    { name: `${engine}-layout`, testMatch: specsFor(specs, engine, true), use: uses[engine], workers: 1 },
  ]),
});
