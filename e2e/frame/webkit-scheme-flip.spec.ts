// scheme-flip.spec.ts in WebKitGTK: the page switching its theme (also with a transition of its
// own on the element) or setting --svc-* after the frame is ready restyles the frame. The OS
// flip is skipped here, and says why.
import type { WebDriver } from 'selenium-webdriver';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { checkoutUrl } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { readyCardFrame } from './webkit-frame.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

// The number input's background and text colour and its label's colour (runs in the frame).
const look = () => {
  const root = document.querySelector('svc-card-form')!.shadowRoot!;
  const input = root.getElementById('number')!;
  return [getComputedStyle(input).backgroundColor, getComputedStyle(input).color, getComputedStyle(root.querySelector('label[for=number]')!).color];
};

/** Opens the frame checkout, gives the page `css` (the merchant's style); returns a reader of the frame's look. */
async function openFrame(driver: WebDriver, css: string): Promise<() => Promise<string[]>> {
  await driver.get(checkoutUrl(demo.url, 'en', 'frame'));
  const iframe = await readyCardFrame(driver);
  await driver.executeScript((text: string) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [sheet];
  }, css);
  return async () => {
    await driver.switchTo().frame(iframe);
    try {
      return await driver.executeScript(look);
    } finally {
      await driver.switchTo().defaultContent();
    }
  };
}

test('frame mode: the page switching its theme (color-scheme and color on a class) restyles the frame', async ({ engineSession }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  const frameLook = await openFrame(driver, '.dark{color-scheme:dark}.dark body,.dark section{background:#121212;color:#e8e8e8}');
  const light = await frameLook();
  await driver.executeScript(() => document.documentElement.classList.add('dark'));
  await expect.poll(async () => (await frameLook()).map((value, i) => value !== light[i])).toEqual([true, true, true]);
  await expect.poll(async () => (await frameLook())[2]).toBe('rgb(232, 232, 232)');
  await driver.executeScript(() => document.documentElement.classList.remove('dark'));
  await expect.poll(frameLook).toEqual(light);
});

test('frame mode: the OS colour scheme flipping after load flips the frame (a page that allows both)', async ({ engineSession, enginePage }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  const frameLook = await openFrame(driver, ':root{color-scheme:light dark}body,section{background:Canvas;color:CanvasText}');
  const light = await frameLook();
  test.skip(!(await enginePage.emulateMedia({ colorScheme: 'dark' })),
    'WebKitWebDriver has no media emulation, and WebKitGTK reads the dark theme (GTK\'s gtk-application-prefer-dark-theme) only at start: no flip after load can be made');
  await expect.poll(async () => (await frameLook()).map((value, i) => value !== light[i])).toEqual([true, true, true]);
});

test('frame mode: a merchant transition of its own on the element does not stop the frame following a theme switch', async ({ engineSession }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  const frameLook = await openFrame(driver, '.dark{color-scheme:dark}.dark body,.dark section{color:#e8e8e8}svc-card-form{transition:opacity .2s}');
  await driver.executeScript(() => document.documentElement.classList.add('dark'));
  await expect.poll(async () => (await frameLook())[2]).toBe('rgb(232, 232, 232)');
});

test('frame mode: --svc-* properties the page changes after load reach the frame', async ({ engineSession }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  const frameLook = await openFrame(driver, 'svc-card-form{--svc-color-text:rgb(120, 120, 120)}');
  await expect.poll(async () => (await frameLook()).slice(1)).toEqual(['rgb(120, 120, 120)', 'rgb(120, 120, 120)']);
  await driver.executeScript(() => document.querySelector<HTMLElement>('svc-card-form')!.style.setProperty('--svc-color-text', 'rgb(10, 20, 30)'));
  await expect.poll(async () => (await frameLook()).slice(1)).toEqual(['rgb(10, 20, 30)', 'rgb(10, 20, 30)']);
});
