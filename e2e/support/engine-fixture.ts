// Playwright Test fixtures that give a spec one EnginePage in whichever engine its
// project names (playwright.config.ts `use.engine`): Chromium and Firefox ESR
// launched by Playwright as the project says, WebKitGTK as a WebKitWebDriver +
// MiniBrowser session under Xvfb (e2e/webkit/session.mjs: time-boxed, killed after).
// The fixtures never touch Playwright's `page`, so the webkit project starts no
// Playwright browser.
import { test as base, type Browser } from '@playwright/test';
import type { WebDriver } from 'selenium-webdriver';
import { startWebKit } from '../webkit/session.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args.mjs';
import type { Engine, EnginePage } from './engine-page.js';
import { playwrightPage } from './playwright-page.js';
import { webdriverPage } from './webdriver-page.js';

type Session = { browser: Browser } | { driver: WebDriver; stop(): Promise<void> };

/** A page in a browser of its own whose requests for `http://<host>:<port>/` reach loopback. */
export interface AliasedPage { page: EnginePage; close(): Promise<void> }

export interface EngineFixtures {
  enginePage: EnginePage;
  /** Opens a separate browser where `host` resolves to 127.0.0.1 (not a secure context); null where unsupported. */
  openWithHostAlias(host: string, port: number): Promise<AliasedPage | null>;
}

export const test = base.extend<EngineFixtures, { engine: Engine; engineSession: Session }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineSession: [async ({ engine, playwright, browserName, channel, launchOptions, headless }, use) => {
    if (engine === 'webkit') {
      const webkit = await startWebKit();
      await use(webkit);
      await webkit.stop();
      return;
    }
    const browser = await playwright[browserName].launch({ headless, ...launchOptions, ...(channel ? { channel } : {}) });
    await use({ browser });
    await browser.close();
  }, { scope: 'worker', timeout: 60_000 }],
  enginePage: async ({ engine, engineSession }, use) => {
    if ('driver' in engineSession) {
      await use(webdriverPage(engineSession.driver));
      return;
    }
    const context = await engineSession.browser.newContext();
    await use(playwrightPage(await context.newPage(), engine));
    await context.close();
  },
  openWithHostAlias: async ({ engine, playwright }, use) => {
    const opened: (() => Promise<void>)[] = [];
    await use(async (host, port) => {
      let aliased: AliasedPage | null = null;
      if (engine === 'chromium') {
        const browser = await playwright.chromium.launch({
          executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${host} 127.0.0.1`],
        });
        aliased = { page: playwrightPage(await browser.newPage(), engine), close: () => browser.close() };
      } else if (engine === 'webkit') {
        // WebKitGTK has no host mapping: a WebDriver proxy at `port` instead. The static
        // server can be that proxy: it serves the path of an absolute-form request line.
        const webkit = await startWebKit({ capabilities: { proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${port}` } } });
        aliased = { page: webdriverPage(webkit.driver), close: () => webkit.stop() };
      }
      if (aliased) opened.push(aliased.close);
      return aliased;
    });
    for (const close of opened) await close();
  },
});
export { expect } from '@playwright/test';
