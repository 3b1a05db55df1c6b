// EnginePage over W3C WebDriver (selenium-webdriver + WebKitWebDriver, for WebKitGTK):
// every element is found again in the page at each call, so a re-render never
// leaves a stale reference. Keys are real WebDriver key events; what WebDriver has
// no command for is said where it is done in the page instead.
import { writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { error as errors, Key as KEYS, type WebDriver, type WebElement } from 'selenium-webdriver';
import { ROLE_CANDIDATES, axeCoreSource, axeInDocument, collapseText, describedByText, findIframe, isDeepFocused, type EngineLocator, type EnginePage, type Key } from './engine-page.js';

const KEY: Record<Exclude<Key, 'Shift+Tab'>, string> = {
  Tab: KEYS.TAB, Enter: KEYS.ENTER, Escape: KEYS.ESCAPE, Home: KEYS.HOME, End: KEYS.END,
  ArrowLeft: KEYS.ARROW_LEFT, ArrowRight: KEYS.ARROW_RIGHT, Backspace: KEYS.BACK_SPACE,
};

// A modifier is held with keyDown/keyUp: WebKitWebDriver drops one sent inside sendKeys.
const shiftTab = (driver: WebDriver) => driver.actions().keyDown(KEYS.SHIFT).sendKeys(KEYS.TAB).keyUp(KEYS.SHIFT).perform();

/** Runs `fn(...args)` in the page; WebDriver awaits a returned promise. */
const run = <R>(driver: WebDriver, fn: Function, ...args: unknown[]): Promise<R> =>
  driver.executeScript(`return (${fn.toString()})(...arguments)`, ...args);

// In the page: the elements a query stands for (a locator resolves at each call).
const inDocument = (selector: string) => [...document.querySelectorAll(selector)];
const inShadow = (host: string, selector: string) => [...(document.querySelector(host)?.shadowRoot?.querySelectorAll(selector) ?? [])];

/** Scrolls the page so that `element`, in the frame WebDriver is switched to, is on screen; gives the element found again. */
type Reveal = (element: WebElement, again: () => Promise<WebElement>) => Promise<WebElement>;

function wrapFound(driver: WebDriver, find: () => Promise<WebElement[]>, what: string, reveal: Reveal): EngineLocator {
  // Strict like a Playwright locator: one element, or an error that says how many.
  const one = async () => {
    const found = await find();
    if (found.length !== 1) throw new Error(`${found.length} elements for ${what}, expected one`);
    return found[0]!;
  };
  const evaluate = async <R>(fn: Function, arg?: unknown) => run<R>(driver, fn, await one(), arg);
  // Element Send Keys puts WebKit's caret at the end: keys for the focused element go
  // through Perform Actions instead, so a caret moved with Home or arrows stays put.
  // And WebKitWebDriver calls an input of a cross-origin frame "not focusable" for Element Send
  // Keys, while script focus does not reach an unfocused frame: there a click gives the focus
  // (`then` runs after it, e.g. to select), and the keys go through Perform Actions. As a person
  // scrolls to a field below the fold before tapping it, the page is scrolled to the field first:
  // a WebDriver click at a point outside the window reaches nothing, and the keys after it were
  // lost (a frame's field at 390x844).
  const sendKeysTo = async (element: WebElement, text: string, then: () => Promise<unknown> = async () => {}) => {
    try {
      await element.sendKeys(text);
    } catch (error) {
      if (!(error instanceof errors.ElementNotInteractableError)) throw error;
      await driver.actions().click(await reveal(element, one)).perform();
      await then();
      await driver.actions().sendKeys(text).perform();
    }
  };
  const sendKeys = async (text: string) => {
    const element = await one();
    if (await run(driver, isDeepFocused, element)) await driver.actions().sendKeys(text).perform();
    else await sendKeysTo(element, text);
  };
  return {
    type: sendKeys,
    press: async (key) => {
      if (key !== 'Shift+Tab') return sendKeys(KEY[key]);
      await evaluate((element: HTMLElement) => element.focus());
      await shiftTab(driver);
    },
    clear: async () => {
      const element = await one();
      const select = () => run(driver, (input: HTMLInputElement) => { input.focus(); input.select(); }, element);
      await select();
      await sendKeysTo(element, KEYS.BACK_SPACE, select);
    },
    focus: () => evaluate((element: HTMLElement) => element.focus()),
    click: async () => (await one()).click(),
    value: () => evaluate((element: HTMLInputElement) => element.value),
    attribute: (name) => evaluate((element: Element, attribute: string) => element.getAttribute(attribute), name),
    text: async () => collapseText(await evaluate<string | null>((element: Element) => element.textContent)),
    count: async () => (await find()).length,
    isVisible: async () => ((await find()).length === 0 ? false : (await one()).isDisplayed()),
    isEnabled: async () => (await one()).isEnabled(),
    isFocused: () => evaluate(isDeepFocused),
    toHaveDescription: async (expected) => {
      const poll = expect.poll(() => evaluate<string>(describedByText));
      await (typeof expected === 'string' ? poll.toBe(expected) : poll.toMatch(expected));
    },
    evaluate: (fn, arg) => evaluate(fn, arg),
  };
}

/** A name as Playwright's getByLabel / getByRole read it: a string is a case-insensitive substring. */
const nameMatches = (wanted: string | RegExp, name: string) =>
  typeof wanted === 'string' ? name.toLowerCase().includes(wanted.toLowerCase()) : wanted.test(name);

// In the page: every element matching `selector`, in the document and every open shadow root.
const deepAll = (selector: string) => {
  const all: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.matches(selector)) all.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return all;
};

/**
 * WebKitWebDriver's answer for an element it has no accessibility object for: an "unknown error"
 * with no message (WebAutomationSessionProxy's InternalError when AXObjectCache::getOrCreate gives
 * none). The first ask for an element with no renderer can meet it (a display:none button on a
 * fresh page, every time; Pay asked during a re-render under load failed keyboard-a11y in a whole
 * run); asked again once the page has drawn, WebKit answers.
 */
const isNoAccessibilityObject = (error: unknown) => error instanceof errors.WebDriverError && error.name === 'WebDriverError' && !error.message;
const NO_ACCESSIBILITY_OBJECT = Symbol('no accessibility object');

async function computed(element: WebElement, role: string | undefined, name: string | RegExp | undefined) {
  try {
    return (role === undefined || (await element.getAriaRole()) === role) &&
      (name === undefined || nameMatches(name, await element.getAccessibleName()));
  } catch (error) {
    if (isNoAccessibilityObject(error)) return NO_ACCESSIBILITY_OBJECT;
    throw error;
  }
}

/** Resolves after the page's next two frames (its style and layout brought up to date), or 250 ms if it draws none. */
const twoFrames = () => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(done));
  setTimeout(done, 250);
});

/**
 * The elements whose computed accessible name (and role) the browser itself reports as wanted. An
 * element with no accessibility object is asked again once the page has drawn two frames; still
 * without one, it is not counted (the browser reports nothing for it).
 */
async function byComputed(driver: WebDriver, candidates: string, name: string | RegExp | undefined, role?: string) {
  const elements: WebElement[] = await run(driver, deepAll, candidates);
  const kept = await Promise.all(elements.map((element) => computed(element, role, name)));
  if (kept.includes(NO_ACCESSIBILITY_OBJECT)) {
    await run(driver, twoFrames);
    await Promise.all(elements.map(async (element, i) => {
      if (kept[i] === NO_ACCESSIBILITY_OBJECT) kept[i] = (await computed(element, role, name)) === true;
    }));
  }
  return elements.filter((_, i) => kept[i] === true);
}

/** An element's heading level (runs in the page). */
const headingLevel = (element: Element) => Number(element.getAttribute('aria-level') ?? element.localName.slice(1));

export function webdriverPage(driver: WebDriver): EnginePage {
  // The iframe withinFrame switched into (undefined: the page's own document).
  let frameElement: WebElement | undefined;
  const reveal: Reveal = async (element, again) => {
    if (!frameElement) return element;
    const top = await run<number>(driver, (field: Element) => field.getBoundingClientRect().top, element);
    await driver.switchTo().defaultContent();
    await run(driver, (frame: Element, y: number) => scrollBy(0, frame.getBoundingClientRect().top + y - innerHeight / 2), frameElement, top);
    await driver.switchTo().frame(frameElement);
    return again();
  };
  const wrap = (find: () => Promise<WebElement[]>, what: string) => wrapFound(driver, find, what, reveal);
  const keys = async (...sequence: string[]) => driver.actions().sendKeys(...sequence).perform();
  const press = (key: Key) => (key === 'Shift+Tab' ? shiftTab(driver) : keys(KEY[key]));
  const page: EnginePage = {
    engine: 'webkit',
    goto: async (url) => {
      await driver.get(url);
      // WebDriver classic cannot read the console: record it from here on, in the page.
      await run(driver, () => {
        const seen: string[] = ((window as { __consoleSeen?: string[] }).__consoleSeen = []);
        for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
          const original = console[level].bind(console);
          console[level] = (...args: unknown[]) => { seen.push(args.map(String).join(' ')); original(...args); };
        }
      });
    },
    url: () => driver.getCurrentUrl(),
    locator: (selector) => wrap(() => run(driver, inDocument, selector), selector),
    shadow: (host, selector) => wrap(() => run(driver, inShadow, host, selector), `${host} ${selector}`),
    // The browser's own accessible names and roles (WebDriver Get Computed Label / Role).
    byLabel: (label) => wrap(() => byComputed(driver, 'input, select, textarea', label), `label ${label}`),
    byRole: (role, { name, level } = {}) => wrap(async () => {
      const found = await byComputed(driver, ROLE_CANDIDATES[role], name, role);
      if (level === undefined) return found;
      const levels = await Promise.all(found.map((element) => run<number>(driver, headingLevel, element)));
      return found.filter((_, i) => levels[i] === level);
    }, `role ${role} ${name ?? ''}`),
    evaluate: (fn, arg) => run(driver, fn, arg),
    keyboard: {
      type: (text) => keys(text),
      press,
      // WebDriver has no insertText: the editing command an IME commit or a paste runs.
      insertText: (text) => run(driver, (value: string) => { document.execCommand('insertText', false, value); }, text),
      paste: () => driver.actions().keyDown(KEYS.CONTROL).sendKeys('v').keyUp(KEYS.CONTROL).perform(),
    },
    // The window's size, toolbar included: MiniBrowser's window is never narrower than its toolbar (447 px, measured
    // with innerWidth), so a 390 or 320 px width gives a 447 px viewport, and the toolbar takes 38 px of the height.
    setViewportSize: async ({ width, height }) => { await driver.manage().window().setRect({ width, height }); },
    screenshot: async (path) => writeFileSync(path, await driver.takeScreenshot(), 'base64'),
    requests: () => run(driver, () => performance.getEntriesByType('resource').map((entry) => entry.name)),
    // WebDriver has no media emulation (WebKitGTK reads reduced motion from GTK settings at start).
    emulateMedia: async () => false,
    async setClipboard(text, elsewhere) {
      const home = elsewhere ? await driver.getWindowHandle() : '';
      if (elsewhere) {
        await driver.switchTo().newWindow('tab');
        await driver.get(elsewhere);
      }
      // A real copy: select the text in a scratch textarea, Ctrl+C, remove the textarea.
      await run(driver, (value: string) => {
        const scratch = document.body.appendChild(document.createElement('textarea'));
        scratch.id = 'clipboard-scratch';
        scratch.value = value;
        scratch.select();
      }, text);
      await driver.actions().keyDown(KEYS.CONTROL).sendKeys('c').keyUp(KEYS.CONTROL).perform();
      await run(driver, () => document.getElementById('clipboard-scratch')?.remove());
      if (elsewhere) {
        await driver.close();
        await driver.switchTo().window(home);
      }
    },
    async runAxe(tags) {
      await driver.executeScript(axeCoreSource());
      return run(driver, axeInDocument, tags);
    },
    consoleMessages: () => run(driver, () => (window as { __consoleSeen?: string[] }).__consoleSeen ?? []),
    // Every call above runs in WebDriver's current browsing context: switched, they are the frame's.
    async withinFrame(host, selector, fn) {
      const iframe = await run<WebElement | null>(driver, findIframe, [host, selector]);
      if (!iframe) throw new Error(`no iframe ${selector} in ${host ?? 'the document'}`);
      await driver.switchTo().frame(iframe);
      frameElement = iframe;
      try {
        return await fn(page);
      } finally {
        frameElement = undefined;
        await driver.switchTo().defaultContent();
      }
    },
  };
  return page;
}
