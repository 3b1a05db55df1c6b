// Issue 12 in frame mode: the frame cannot inherit the page's colour and colour scheme, so the
// parent forwards them; these check it forwards them again when they change after svc-ready:
// the OS scheme flipping (prefers-color-scheme, on a page that allows both), the page's own
// theme switch (a class that sets color-scheme and color, also with a transition of the page's
// own on the element), --svc-* set from script, the meta tag edited, the page's prefers-contrast
// rules flipped (Chromium: moz-firefox cannot emulate it). Chromium and Firefox ESR.
import type { Page } from '@playwright/test';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';
import type { Demo } from '../../demo/start-demo.mjs';

// The merchant's style, there before the element connects: a constructed sheet (the demo's CSP has no inline style).
async function openWithStyle(page: Page, demo: Demo, css: string): Promise<void> {
  await page.addInitScript((text) => {
    if (window !== window.top) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [sheet];
  }, css);
  await openFrameCheckout(page, demo);
}

// The number input's background and text colour and its label's colour, in the frame.
const frameLook = (page: Page) => cardFrame(page).locator('#number').evaluate((input) => {
  const label = (input.getRootNode() as ShadowRoot).querySelector('label[for=number]')!;
  return [getComputedStyle(input).backgroundColor, getComputedStyle(input).color, getComputedStyle(label).color];
});
const pageColor = (page: Page) => page.locator('svc-card-form').evaluate((el) => getComputedStyle(el).color);

test('the OS colour scheme flipping after svc-ready (a page that allows both) flips the frame too', async ({ page, demo, browserName }) => {
  // The surface and the page's own colours follow the scheme (Canvas, CanvasText): axe-able, as a real page would be.
  await openWithStyle(page, demo, ':root{color-scheme:light dark}body,section{background:Canvas;color:CanvasText}');
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await frameLook(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  test.skip(!(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)),
    `${browserName}: this driver cannot emulate prefers-color-scheme (moz-firefox over WebDriver BiDi has no media override; Firefox reads its dark-theme preference at start)`);
  const dark = await pageColor(page);
  expect(dark).not.toBe(light[2]);
  // Every part changed: the inputs (the frame's own scheme) and the labels (the page's text colour, forwarded).
  await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual([true, true, true]);
  await expect.poll(async () => (await frameLook(page))[2]).toBe(dark);
  // And back.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => frameLook(page)).toEqual(light);
});

// A theme class on <html>: the scheme and the text colour together, or the scheme alone.
const THEME_SWITCHES = [
  { what: 'color-scheme and color on a class', css: '.dark{color-scheme:dark}.dark body,.dark section{background:#121212;color:#e8e8e8}', changed: [true, true, true], label: 'rgb(232, 232, 232)' },
  { what: 'color-scheme alone, its text colour fixed', css: 'body,section{color:rgb(120, 120, 120)}.dark{color-scheme:dark}', changed: [true, true, false], label: 'rgb(120, 120, 120)' },
];
for (const { what, css, changed, label } of THEME_SWITCHES) {
  test(`the page switching its theme after svc-ready (${what}) restyles the frame`, async ({ page, demo }) => {
    await openWithStyle(page, demo, css);
    const light = await frameLook(page);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual(changed);
    await expect.poll(async () => (await frameLook(page))[2]).toBe(label);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await expect.poll(() => frameLook(page)).toEqual(light);
  });
}

test('a page that allows both schemes by <meta name="color-scheme"> alone: the frame follows the OS scheme, at start and when it flips', async ({ page, demo, browserName }) => {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    // In the markup's place: before the deferred scripts (the element) run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.head.append(Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'light dark' }));
    });
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openWithStyle(page, demo, 'body,section{background:Canvas;color:CanvasText}');
  test.skip(!(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)), `${browserName}: cannot emulate prefers-color-scheme (see above)`);
  const dark = await frameLook(page);
  expect(dark[2]).toBe(await pageColor(page));
  // Light now: had the frame stayed light at start (the property alone says `normal`), nothing would change.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== dark[i])).toEqual([true, true, true]);
  await expect.poll(async () => (await frameLook(page))[2]).toBe(await pageColor(page));
});

// What else can change the look after svc-ready, each seen by the frame (all failed before: the
// watch was a transition on the host, which the page's own `transition` there replaced, and it
// watched neither the --svc-* properties nor the meta tag).
test('a merchant transition of its own on the element does not stop the frame following a theme switch', async ({ page, demo }) => {
  const { css, label } = THEME_SWITCHES[0]!;
  await openWithStyle(page, demo, `${css}svc-card-form{transition:opacity .2s}`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(async () => (await frameLook(page))[2]).toBe(label);
});

test('--svc-* properties the page changes after svc-ready reach the frame', async ({ page, demo }) => {
  await openWithStyle(page, demo, 'svc-card-form{--svc-color-text:rgb(120, 120, 120)}');
  await expect.poll(async () => (await frameLook(page)).slice(1)).toEqual(['rgb(120, 120, 120)', 'rgb(120, 120, 120)']);
  await page.locator('svc-card-form').evaluate((el: HTMLElement) => el.style.setProperty('--svc-color-text', 'rgb(10, 20, 30)'));
  await expect.poll(async () => (await frameLook(page)).slice(1)).toEqual(['rgb(10, 20, 30)', 'rgb(10, 20, 30)']);
});

test('<meta name="color-scheme"> edited after svc-ready restyles the frame', async ({ page, demo }) => {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.head.append(Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'light' }));
    });
  });
  // A fixed text colour: nothing the host computes changes, only the scheme the meta tag gives the page.
  await openWithStyle(page, demo, 'body,section{color:rgb(120, 120, 120)}');
  const light = await frameLook(page);
  await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')!.setAttribute('content', 'dark'));
  await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual([true, true, false]);
});

test('the page\'s own prefers-contrast rules, flipped after svc-ready, reach the frame', async ({ page, demo, browserName }) => {
  await openWithStyle(page, demo, 'body,section{color:rgb(120, 120, 120)}@media (prefers-contrast: more){body,section{color:rgb(0, 0, 128)}}');
  expect((await frameLook(page))[2]).toBe('rgb(120, 120, 120)');
  await page.emulateMedia({ contrast: 'more' });
  test.skip(!(await page.evaluate(() => matchMedia('(prefers-contrast: more)').matches)), `${browserName}: this driver cannot emulate prefers-contrast`);
  await expect.poll(async () => (await frameLook(page))[2]).toBe('rgb(0, 0, 128)');
  await page.emulateMedia({ contrast: 'no-preference' });
  await expect.poll(async () => (await frameLook(page))[2]).toBe('rgb(120, 120, 120)');
});
