// Playwright Test fixtures that give a spec one EnginePage in whichever engine its
// project names (playwright.config.ts `use.engine`): Chromium and Firefox ESR
// launched by Playwright as the project says, WebKitGTK as a WebKitWebDriver +
// MiniBrowser session under Xvfb (e2e/webkit/session.mjs: time-boxed, killed after).
// The fixtures never touch Playwright's `page`, so the webkit project starts no
// Playwright browser.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Browser } from '@playwright/test';
import type { WebDriver } from 'selenium-webdriver';
import type { Demo } from '../../demo/start-demo.mjs';
import { startWebKit } from '../webkit/session.mjs';
import type { Engine, EnginePage } from './engine-page.js';
import { playwrightPage } from './playwright-page.js';
import { webdriverPage } from './webdriver-page.js';

type Session = { browser: Browser } | { driver: WebDriver; stop(): Promise<void>; windowSize: { width: number; height: number } };

/** A page in a browser of its own, started with what a spec cannot change in a running one. */
export interface SeparatePage { page: EnginePage; close(): Promise<void> }

export interface SeparateBrowser {
  /** `http://<host>:<port>/` reaches the loopback server at `port` (a page that is not a secure context). */
  hostAlias?: { host: string; port: number };
  /** prefers-reduced-motion: reduce from the start. */
  reducedMotion?: boolean;
  /** forced-colors: active from the start (Firefox ESR; WebKitGTK has no forced colours mode). */
  forcedColors?: boolean;
}

/** A GTK 3 settings.ini in a temporary XDG_CONFIG_HOME (removed by the caller). */
function gtkSettings(...lines: string[]): string {
  const home = mkdtempSync(join(tmpdir(), 'svc-gtk-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'settings.ini'), ['[Settings]', ...lines, ''].join('\n'));
  return home;
}

/**
 * Deletes the page's cookies, resolved once they are gone. WebKitGTK's Delete All Cookies answers
 * before its network process has deleted them (WebAutomationSession::deleteAllCookies does not wait
 * for it): a deletion landing after the next test's page set its order cookie took that cookie, and
 * the page's POST /api/pay came without it (`no-order`, three-ds-journey under load). So a cookie is
 * set first (Add Cookie answers once it is stored) and the cookies read until it is gone.
 */
async function deleteCookies(driver: WebDriver): Promise<void> {
  const marked = await driver.manage().addCookie({ name: 'svc-test-deleted', value: '1' }).then(() => true, () => false); // no page that keeps cookies: nothing to delete
  await driver.manage().deleteAllCookies().catch(() => {});
  for (const deadline = Date.now() + 10_000; marked && (await driver.manage().getCookies()).length > 0;) {
    if (Date.now() > deadline) throw new Error('WebKitGTK still had the page\'s cookies 10 s after Delete All Cookies');
    await new Promise((later) => setTimeout(later, 20));
  }
}

export interface EngineFixtures {
  enginePage: EnginePage;
  /** Opens a browser of its own in this engine, closed after the test. */
  openBrowser(options: SeparateBrowser): Promise<SeparatePage>;
}

export interface EngineWorkerFixtures {
  engine: Engine;
  engineSession: Session;
  /**
   * The demo as `npm run demo` starts it (in-memory sandbox, test keys), one per worker, shared by
   * the specs of that worker that take it (issue 42: a start costs seconds of CPU, tens under load).
   * Specs read it through deltas (records made after `before`, their own card's last four), never
   * whole counts; a spec that needs the demo started otherwise (options, a data folder) starts its own.
   */
  demo: Demo;
}

export const test = base.extend<EngineFixtures, EngineWorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineSession: [async ({ engine, playwright, browserName, channel, launchOptions, headless }, use) => {
    if (engine === 'webkit') {
      const webkit = await startWebKit();
      const { width, height } = await webkit.driver.manage().window().getRect();
      await use({ ...webkit, windowSize: { width, height } });
      await webkit.stop();
      return;
    }
    const browser = await playwright[browserName].launch({ headless, ...launchOptions, ...(channel ? { channel } : {}) });
    await use({ browser });
    await browser.close();
  }, { scope: 'worker', timeout: 60_000 }],
  demo: [async ({}, use) => {
    // Loaded here, not at the top: the specs that take no demo load none of it.
    const [{ startDemo }, { testKeysDir }] = await Promise.all([import('../../demo/start-demo.mjs'), import('./demo-keys.mjs')]);
    const demo = await startDemo({ port: 0, keysDir: testKeysDir() });
    await use(demo);
    await demo.close();
  }, { scope: 'worker', timeout: 180_000 }],
  enginePage: async ({ engine, engineSession }, use) => {
    if ('driver' in engineSession) {
      await use(webdriverPage(engineSession.driver));
      // One tab for every test: what the page kept for it (the demo's waiting PIX, its receipt) goes,
      // and so do the demo's order cookie (cookies ignore ports: one worker's demos share it) and a
      // window size the test set (a spec after a phone-sized one found itself on a phone), as with
      // the new context each Playwright test gets.
      await engineSession.driver.executeScript('try { sessionStorage.clear(); } catch {}').catch(() => {});
      await deleteCookies(engineSession.driver);
      await engineSession.driver.manage().window().setRect(engineSession.windowSize).catch(() => {});
      return;
    }
    const context = await engineSession.browser.newContext();
    await use(playwrightPage(await context.newPage(), engine));
    await context.close();
  },
  openBrowser: async ({ engine, playwright, browserName, channel, launchOptions }, use) => {
    const opened: (() => Promise<void>)[] = [];
    await use(async ({ hostAlias, reducedMotion, forcedColors }) => {
      let separate: SeparatePage;
      if (engine === 'webkit') {
        // WebKitGTK has no host mapping: a WebDriver proxy instead. The static server can
        // be that proxy: it serves the path of an absolute-form request line. Reduced
        // motion is GTK's gtk-enable-animations, read from settings.ini at start.
        const gtkConfig = reducedMotion ? gtkSettings('gtk-enable-animations=false') : undefined;
        const webkit = await startWebKit({
          ...(hostAlias ? { capabilities: { proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${hostAlias.port}` } } } : {}),
          ...(gtkConfig ? { env: { XDG_CONFIG_HOME: gtkConfig } } : {}),
        });
        separate = { page: webdriverPage(webkit.driver), close: async () => {
          await webkit.stop();
          if (gtkConfig) rmSync(gtkConfig, { recursive: true, force: true });
        } };
      } else {
        // Chromium maps the name itself; Firefox goes through the same proxy as WebKitGTK
        // and takes reduced motion from a preference (Chromium emulates it in any page,
        // moz-firefox cannot: EnginePage.emulateMedia).
        const browser = await playwright[browserName].launch({
          ...launchOptions,
          ...(channel ? { channel } : {}),
          ...(hostAlias && engine === 'chromium' ? { args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${hostAlias.host} 127.0.0.1`] } : {}),
          ...(hostAlias && engine === 'firefox' ? { proxy: { server: `http://127.0.0.1:${hostAlias.port}` } } : {}),
          ...(engine === 'firefox' ? { firefoxUserPrefs: {
            ...launchOptions.firefoxUserPrefs,
            ...(reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
            // "Override the colours specified by the page: always", Firefox's forced colours.
            ...(forcedColors ? { 'browser.display.document_color_use': 2 } : {}),
          } } : {}),
        });
        separate = { page: playwrightPage(await browser.newPage(), engine), close: () => browser.close() };
      }
      opened.push(separate.close);
      return separate;
    });
    for (const close of opened) await close();
  },
});
export { expect } from '@playwright/test';
