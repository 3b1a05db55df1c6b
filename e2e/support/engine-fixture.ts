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
import { startWebKit } from '../webkit/session.mjs';
import type { Engine, EnginePage } from './engine-page.js';
import { playwrightPage } from './playwright-page.js';
import { webdriverPage } from './webdriver-page.js';

type Session = { browser: Browser } | { driver: WebDriver; stop(): Promise<void>; startRect: { width: number; height: number } };

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

export interface EngineFixtures {
  enginePage: EnginePage;
  /** Opens a browser of its own in this engine, closed after the test. */
  openBrowser(options: SeparateBrowser): Promise<SeparatePage>;
}

export const test = base.extend<EngineFixtures, { engine: Engine; engineSession: Session }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineSession: [async ({ engine, playwright, browserName, channel, launchOptions, headless }, use) => {
    if (engine === 'webkit') {
      const webkit = await startWebKit();
      // The window's size at start, which every test gets back (enginePage): a new Playwright context starts at its default too.
      const startRect = await webkit.driver.manage().window().getRect();
      await use({ ...webkit, startRect });
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
      // One tab for every test: what the page kept for it (the demo's waiting PIX, its receipt) goes,
      // as with the new context each Playwright test gets.
      await engineSession.driver.executeScript('try { sessionStorage.clear(); } catch {}').catch(() => {});
      // A test that set a phone's size must not leave it to the next (a PIX panel laid out for a phone failed CI stop 44).
      await engineSession.driver.manage().window().setRect({ width: engineSession.startRect.width, height: engineSession.startRect.height }).catch(() => {});
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
