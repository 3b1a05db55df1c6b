// @engines all
// Issue 12 in frame mode, in every engine: the frame cannot inherit the page's colour and colour
// scheme, so the parent forwards them; these check it forwards them again when they change after
// svc-ready: the page's own theme switch (a class that sets color-scheme and color, also with a
// transition of the page's own on the element), --svc-* set from script, the meta tag edited,
// and where the driver can emulate them after load (Chromium: moz-firefox has no media override,
// WebKitWebDriver none at all, and both browsers read the OS scheme at start), the OS scheme
// flipping (prefers-color-scheme, on a page that allows both) and the page's prefers-contrast
// rules flipping. The merchant's style (and meta tag) is the page's first script, served by
// e2e/support/merchant-front.ts. (Once with a WebKitGTK twin, webkit-scheme-flip.)
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage, MediaFeatures } from '../support/engine-page.js';
import { firstScriptOf, startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';

let site: FrontedDemo;
test.beforeAll(async () => {
  site = await startFrontedDemo({});
});
test.afterAll(async () => site?.close());

/**
 * The merchant's style, there before the element connects: a constructed sheet (the demo's CSP
 * has no inline style); with `meta`, a <meta name="color-scheme"> put in the markup's place
 * (before the deferred scripts, the element, run).
 */
async function openWithStyle(page: EnginePage, css: string, meta?: string): Promise<void> {
  site.setFirstScript(firstScriptOf(({ css, meta }: { css: string; meta: string | null }) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [sheet];
    if (meta === null) return;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.head.append(Object.assign(document.createElement('meta'), { name: 'color-scheme', content: meta }));
    });
  }, { css, meta: meta ?? null }));
  await openFrameCheckoutAt(page, site.url);
}

// The number input's background and text colour and its label's colour, in the frame.
const frameLook = (page: EnginePage) => inCard(page, (frame) => frame.shadow('svc-card-form', '#number').evaluate((input: Element) => {
  const label = (input.getRootNode() as ShadowRoot).querySelector('label[for=number]')!;
  return [getComputedStyle(input).backgroundColor, getComputedStyle(input).color, getComputedStyle(label).color];
}));
const pageColor = (page: EnginePage) => page.locator('svc-card-form').evaluate((el: Element) => getComputedStyle(el).color);
/**
 * The frame's look once its labels show the page's text colour. A change's baseline is read then:
 * the host's colour can still change after svc-ready (the demo's stylesheet applied after the element
 * connected), and the frame is told again a moment later; a baseline read before that (WebKitGTK in
 * CI: black, then the demo's ink) made the switch back look unfinished.
 */
async function settledLook(page: EnginePage): Promise<string[]> {
  await expect.poll(async () => {
    const [label, text] = [(await frameLook(page))[2], await pageColor(page)];
    return label === text ? 'the same' : `frame's label ${label}, page's text ${text}`;
  }).toBe('the same');
  return frameLook(page);
}

/**
 * Emulates `features` where the driver can (Chromium: there it must, so a regression fails rather
 * than skips); elsewhere the test is skipped, saying why.
 */
async function emulateOrSkip(page: EnginePage, features: MediaFeatures): Promise<void> {
  const emulated = await page.emulateMedia(features);
  if (page.engine === 'chromium') expect(emulated, `Chromium emulates ${JSON.stringify(features)}`).toBe(true);
  test.skip(!emulated, page.engine === 'firefox'
    ? 'moz-firefox over WebDriver BiDi has no media override, and Firefox reads its dark-theme and contrast preferences at start'
    : 'WebKitWebDriver has no media emulation, and WebKitGTK reads the dark theme (GTK\'s gtk-application-prefer-dark-theme) only at start: no flip after load can be made');
}

test('the OS colour scheme flipping after svc-ready (a page that allows both) flips the frame too', async ({ enginePage: page }) => {
  // The surface and the page's own colours follow the scheme (Canvas, CanvasText): axe-able, as a real page would be.
  await openWithStyle(page, ':root{color-scheme:light dark}body,section{background:Canvas;color:CanvasText}');
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await settledLook(page);
  await emulateOrSkip(page, { colorScheme: 'dark' });
  const dark = await pageColor(page);
  expect(dark).not.toBe(light[2]);
  // Every part changed: the inputs (the frame's own scheme) and the labels (the page's text colour, forwarded).
  await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual([true, true, true]);
  await expect.poll(async () => (await frameLook(page))[2]).toBe(dark);
  // And back.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => frameLook(page)).toEqual(light);
});

// WebKitGTK runs the deferred scripts, the element's, before a render-blocking stylesheet still on its
// way, and restyles the page with it without a transition the iframe could report: the frame, answering
// first, had the page's default black and kept it (about one load in fifteen, before page-look.ts heard
// the sheet's load). The demo's stylesheet held back 3 s makes it happen on every load there.
test('the page\'s stylesheet arriving after the frame answered gives the frame the page\'s colour', async ({ enginePage: page }) => {
  site.delay('/assets/checkout.css', 3_000);
  try {
    await openWithStyle(page, '');
  } finally {
    site.delay('/assets/checkout.css', 0);
  }
  await settledLook(page);
  expect(await pageColor(page)).toBe('rgb(29, 35, 39)'); // the demo's ink: its stylesheet came
});

// A theme class on <html>: the scheme and the text colour together, or the scheme alone.
const THEME_SWITCHES = [
  { what: 'color-scheme and color on a class', css: '.dark{color-scheme:dark}.dark body,.dark section{background:#121212;color:#e8e8e8}', changed: [true, true, true], label: 'rgb(232, 232, 232)' },
  { what: 'color-scheme alone, its text colour fixed', css: 'body,section{color:rgb(120, 120, 120)}.dark{color-scheme:dark}', changed: [true, true, false], label: 'rgb(120, 120, 120)' },
];
for (const { what, css, changed, label } of THEME_SWITCHES) {
  test(`the page switching its theme after svc-ready (${what}) restyles the frame`, async ({ enginePage: page }) => {
    await openWithStyle(page, css);
    const light = await settledLook(page);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual(changed);
    await expect.poll(async () => (await frameLook(page))[2]).toBe(label);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await expect.poll(() => frameLook(page)).toEqual(light);
  });
}

// The demo's checkout.css sets `color-scheme: light dark` on :root (its dark theme); the meta tag
// gives the page's scheme only where the root's property is `normal`, so the tests of the meta tag
// reset it (the merchant's adopted sheet comes after the demo's in the cascade).
const META_DECIDES = ':root{color-scheme:normal}';

test('a page that allows both schemes by <meta name="color-scheme"> alone: the frame follows the OS scheme, at start and when it flips', async ({ enginePage: page }) => {
  await emulateOrSkip(page, { colorScheme: 'dark' });
  await openWithStyle(page, `${META_DECIDES}body,section{background:Canvas;color:CanvasText}`, 'light dark');
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
test('a merchant transition of its own on the element does not stop the frame following a theme switch', async ({ enginePage: page }) => {
  const { css, label } = THEME_SWITCHES[0]!;
  await openWithStyle(page, `${css}svc-card-form{transition:opacity .2s}`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(async () => (await frameLook(page))[2]).toBe(label);
});

test('--svc-* properties the page changes after svc-ready reach the frame', async ({ enginePage: page }) => {
  await openWithStyle(page, 'svc-card-form{--svc-color-text:rgb(120, 120, 120)}');
  await expect.poll(async () => (await frameLook(page)).slice(1)).toEqual(['rgb(120, 120, 120)', 'rgb(120, 120, 120)']);
  await page.locator('svc-card-form').evaluate((el: HTMLElement) => el.style.setProperty('--svc-color-text', 'rgb(10, 20, 30)'));
  await expect.poll(async () => (await frameLook(page)).slice(1)).toEqual(['rgb(10, 20, 30)', 'rgb(10, 20, 30)']);
});

test('<meta name="color-scheme"> edited after svc-ready restyles the frame', async ({ enginePage: page }) => {
  // A fixed text colour: nothing the host computes changes, only the scheme the meta tag gives the page.
  // The meta tag gives the scheme only where the root's color-scheme is `normal`: the demo's own
  // checkout.css says `light dark` there (its dark theme), which the merchant's sheet here resets.
  await openWithStyle(page, `${META_DECIDES}body,section{color:rgb(120, 120, 120)}`, 'light');
  const light = await settledLook(page);
  await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')!.setAttribute('content', 'dark'));
  await expect.poll(async () => (await frameLook(page)).map((value, i) => value !== light[i])).toEqual([true, true, false]);
});

test('the page\'s own prefers-contrast rules, flipped after svc-ready, reach the frame', async ({ enginePage: page }) => {
  await openWithStyle(page, 'body,section{color:rgb(120, 120, 120)}@media (prefers-contrast: more){body,section{color:rgb(0, 0, 128)}}');
  expect((await frameLook(page))[2]).toBe('rgb(120, 120, 120)');
  await emulateOrSkip(page, { contrast: 'more' });
  await expect.poll(async () => (await frameLook(page))[2]).toBe('rgb(0, 0, 128)');
  await page.emulateMedia({ contrast: 'no-preference' });
  await expect.poll(async () => (await frameLook(page))[2]).toBe('rgb(120, 120, 120)');
});
