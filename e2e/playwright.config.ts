// Real browsers from Debian (../shared/ENGINES.md): Chromium and Firefox ESR through
// Playwright 1.64.1. WebKitGTK goes through WebDriver (support/engine-fixture.ts), for the specs
// written against EnginePage. Each spec says which engines it runs in (`// @engines ...`,
// e2e/spec-engines.ts); the specs that watch things move (`@layout`) or assert wall-clock time
// (`@timed`) go to the `<engine>-layout` projects, one test at a time (`npm test` runs them first, alone on the machine), the others
// two at a time (each worker has its own servers and browser).
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

export default defineConfig<{ engine: Engine }>({
  testDir: '.',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two on CI's 2 cores: a third was 0.91x the wall for Firefox's specs alone but slower for the
  // whole stage, where Chromium's check and recipe specs fill the cores (CONTRIBUTING.md, session 36).
  workers: 2,
  retries: 0,
  // The JSON report feeds `npm test`'s summary (scripts/test-all.mjs names it for each run);
  // relative paths are relative to this folder.
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../.cache/results/playwright.json' }]],
  use: { trace: 'off' },
  // One migrated PGlite dump per run: every worker's first demo loads it rather than run initdb.
  globalSetup: '../test-support/pglite/playwright-global-setup.ts',
  projects: (['chromium', 'firefox', 'webkit'] as const).flatMap((engine) => [
    { name: engine, testMatch: specsFor(specs, engine, false), use: uses[engine] },
    { name: `${engine}-layout`, testMatch: specsFor(specs, engine, true), use: uses[engine], workers: 1 },
  ]),
});
