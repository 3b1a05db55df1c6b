// Real browsers from Debian (../shared/ENGINES.md): Chromium and Firefox ESR through
// Playwright 1.64.1. WebKitGTK goes through WebDriver: the specs written against
// e2e/support/engine-page.ts (element, IIFE, demo, most frame specs) run in it as the `webkit`
// project; the Chromium-only specs and the Node-only sandbox specs do not.
import { defineConfig } from '@playwright/test';
import type { Engine } from './support/engine-page.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium-args.mjs';

export default defineConfig<{ engine: Engine }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report feeds `npm test`'s summary (scripts/test-all.mjs); paths are relative to this folder.
  reporter: [['list'], ['json', { outputFile: '../.cache/results/playwright.json' }]],
  use: { trace: 'off' },
  projects: [
    {
      name: 'chromium',
      use: {
        engine: 'chromium',
        browserName: 'chromium',
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
    {
      name: 'firefox',
      // Chromium-only checks (issue 5) and the Node-only sandbox API tests run once, in Chromium.
      testIgnore: ['chromium/**', 'sandbox/**'],
      // Fission off: Playwright 1.64's WebDriver BiDi input does not reach out-of-process (cross-origin)
      // iframes, so keys typed into the card frame would be lost. Same-origin policy still separates
      // the frame from the page (the hostile-page spec checks it); only the process model changes.
      use: { engine: 'firefox', browserName: 'firefox', channel: 'moz-firefox', launchOptions: { executablePath: '/usr/bin/firefox-esr', firefoxUserPrefs: { 'fission.autostart': false } } },
    },
    {
      // WebKitGTK through WebKitWebDriver (e2e/support/engine-fixture.ts): the specs
      // written against the engine-neutral page.
      name: 'webkit',
      // The frame specs written against EnginePage run in every engine (the others are Playwright's only).
      testMatch: ['element/**/*.spec.ts', 'iife/**/*.spec.ts', 'demo/**/*.spec.ts', 'frame/journey.spec.ts', 'frame/checkout-extras.spec.ts', 'frame/steady-layout.spec.ts', 'frame/paying-layout.spec.ts', 'frame/scheme-flip.spec.ts', 'frame/keyboard-a11y.spec.ts', 'frame/hostile-page.spec.ts', 'frame/third-origin.spec.ts', 'frame/shadow-root.spec.ts'],
      use: { engine: 'webkit' },
    },
  ],
});
