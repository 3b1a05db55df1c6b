// EnginePage over Playwright (Chromium, Firefox ESR): thin, every call is Playwright's own.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import { axeCoreSource, axeInDocument, collapseText, findIframe, isDeepFocused, mediaQueries, type Engine, type EngineFrame, type EngineLocator, type EnginePage } from './engine-page.js';


function wrap(locator: Locator): EngineLocator {
  return {
    type: (text) => locator.pressSequentially(text),
    press: (key) => locator.press(key),
    clear: () => locator.fill(''),
    focus: () => locator.focus(),
    click: () => locator.click(),
    value: () => locator.inputValue(),
    attribute: (name) => locator.getAttribute(name),
    text: async () => collapseText(await locator.textContent()),
    count: () => locator.count(),
    isVisible: () => locator.isVisible(),
    isEnabled: () => locator.isEnabled(),
    isFocused: () => locator.evaluate(isDeepFocused),
    toHaveDescription: (expected) => expect(locator).toHaveAccessibleDescription(expected),
    evaluate: (fn, arg) => locator.evaluate(fn, arg as never),
  };
}

/** A copy made in `page`: Chromium writes the clipboard (permission granted); Firefox grants none, so a real copy from a scratch textarea. */
async function copyIn(page: Page, engine: Engine, text: string): Promise<void> {
  if (engine === 'chromium') {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    return;
  }
  await page.evaluate((value) => {
    const scratch = document.body.appendChild(document.createElement('textarea'));
    scratch.id = 'clipboard-scratch';
    scratch.value = value;
    scratch.select();
  }, text);
  await page.keyboard.press('ControlOrMeta+C');
  await page.evaluate(() => document.getElementById('clipboard-scratch')?.remove());
}

const keyboardOf = (page: Page): EnginePage['keyboard'] => ({
  type: (text) => page.keyboard.type(text),
  press: (key) => page.keyboard.press(key),
  insertText: (text) => page.keyboard.insertText(text),
  paste: () => page.keyboard.press('ControlOrMeta+V'),
});

/** A child frame: Playwright's Frame has the page's locators; axe-core is injected into it alone. */
function frameOf(page: Page, frame: Frame, engine: Engine): EngineFrame {
  return {
    engine, keyboard: keyboardOf(page),
    locator: (selector) => wrap(frame.locator(selector)),
    shadow: (host, selector) => wrap(frame.locator(host).first().locator(selector)),
    byLabel: (label) => wrap(frame.getByLabel(label)),
    byRole: (role, options) => wrap(frame.getByRole(role, options)),
    evaluate: (fn, arg) => frame.evaluate(fn, arg as never),
    async runAxe(tags) {
      await frame.evaluate(axeCoreSource()); // a script tag would be refused by the frame's CSP
      return frame.evaluate(axeInDocument, tags);
    },
  };
}

export function playwrightPage(page: Page, engine: Engine): EnginePage {
  const logged: string[] = [];
  const requested: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  page.on('request', (request) => requested.push(request.url()));
  return {
    engine,
    goto: async (url) => { await page.goto(url); },
    url: async () => page.url(),
    locator: (selector) => wrap(page.locator(selector)),
    shadow: (host, selector) => wrap(page.locator(host).first().locator(selector)),
    byLabel: (label) => wrap(page.getByLabel(label)),
    byRole: (role, options) => wrap(page.getByRole(role, options)),
    evaluate: (fn, arg) => page.evaluate(fn, arg as never),
    keyboard: keyboardOf(page),
    setViewportSize: (size) => page.setViewportSize(size),
    screenshot: async (path) => { await page.screenshot({ path, fullPage: true, animations: 'disabled' }); },
    requests: async () => [...requested],
    async emulateMedia(features) {
      await page.emulateMedia(features);
      return page.evaluate((queries) => queries.every((query) => matchMedia(query).matches), mediaQueries(features));
    },
    async setClipboard(text, elsewhere) {
      if (!elsewhere) return copyIn(page, engine, text);
      const other = await page.context().newPage();
      await other.goto(elsewhere);
      await copyIn(other, engine, text);
      await other.close();
      await page.bringToFront();
    },
    runAxe: async (tags) => (await new AxeBuilder({ page }).withTags(tags).analyze()).violations,
    consoleMessages: async () => [...logged],
    async withinFrame(host, selector, fn) {
      const frame = await (await page.evaluateHandle(findIframe, [host, selector] as const)).asElement()?.contentFrame();
      if (!frame) throw new Error(`no iframe ${selector} in ${host ?? 'the document'}`);
      return fn(frameOf(page, frame, engine));
    },
  };
}
