// Issue 12 in frame mode in WebKitGTK: typing Visa, Amex, Elo and Hipercard numbers and
// errors coming and going move no input in the card frame and not the merchant's Pay button,
// at 390 and 1280 px. Drives the WebKitWebDriver session itself, as webkit-journey.spec.ts does.
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { checkoutUrl } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { boxes, BRAND_NUMBERS } from '../support/layout.js';
import { readyCardFrame } from './webkit-frame.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

const inFrame = (id: string) => `return document.querySelector('svc-card-form').shadowRoot.getElementById('${id}')`;
const pagePlaces = () => ['svc-card-form', '#pay'].map((selector) => {
  const r = document.querySelector(selector)!.getBoundingClientRect();
  return [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(',');
});

for (const width of [390, 1280]) {
  test(`frame mode: four brands and errors move nothing, in the frame or on the page (${width} px)`, async ({ engineSession, enginePage }) => {
    const driver = (engineSession as { driver: WebDriver }).driver;
    await enginePage.setViewportSize({ width, height: 844 });
    await enginePage.goto(checkoutUrl(demo.url, 'en', 'frame'));
    const iframe = await driver.wait(async () => driver.executeScript(
      "const f = document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe'); return f?.style.height ? f : null"), 15_000, 'the card frame ready');
    const where = async () => {
      const page = await enginePage.evaluate(pagePlaces);
      await driver.switchTo().frame(iframe as WebElement);
      const frame = await driver.executeScript(boxes, ['svc-card-form', []]);
      return [page, frame];
    };
    const before = await where();
    expect(before[1]).toHaveLength(5); // the frame form's inputs: the card's four and the demo's CPF (issue 11)
    // Click then type (WebKitWebDriver will not sendKeys to a shadow input of a cross-origin frame).
    const type = async (id: string, text: string) => {
      await driver.actions().click(await driver.executeScript(inFrame(id)) as WebElement).perform();
      await driver.actions().sendKeys(text).perform();
    };
    const clear = async (id: string) => {
      await driver.actions().click(await driver.executeScript(inFrame(id)) as WebElement).perform();
      await driver.actions().keyDown(Key.CONTROL).sendKeys('a').keyUp(Key.CONTROL).sendKeys(Key.BACK_SPACE).perform();
    };
    for (const digits of Object.values(BRAND_NUMBERS)) {
      await type('number', digits);
      await type('securityCode', '1234');
      await driver.switchTo().defaultContent();
      expect(await where()).toEqual(before);
      await clear('number');
      await clear('securityCode');
    }
    await type('number', '4111111111111112');
    await type('expiry', '13');
    await type('holder', 'A');
    await driver.wait(async () => (await driver.executeScript(`${inFrame('expiry')}.getAttribute('aria-invalid')`)) === 'true', 10_000, 'the expiry error');
    await driver.switchTo().defaultContent();
    expect(await where()).toEqual(before);
    await driver.switchTo().defaultContent();
  });
}

// What a 320 px phone leaves the demo's element (246 px, 234 px beside a classic scrollbar): the
// height reserved before the frame answers must hold the form, or svc-ready moves the Pay button
// (e2e/frame/steady-layout.spec.ts loads the page at 320 px in Chromium and Firefox ESR; WebKitGTK's
// window is wider, so the element is narrowed here). WebKitGTK's form was 3 px taller than the
// first narrow reserves (495px and 514px).
for (const lang of ['pt-BR', 'en'] as const) {
  test(`frame mode: the reserved height holds the form at 246 and 234 px of element width (${lang})`, async ({ engineSession, enginePage }) => {
    const driver = (engineSession as { driver: WebDriver }).driver;
    await enginePage.goto(checkoutUrl(demo.url, lang, 'frame'));
    const iframe = await readyCardFrame(driver);
    for (const width of [246, 234]) {
      await enginePage.evaluate((w) => { document.querySelector('svc-card-form')!.style.width = `${w}px`; }, width);
      // The form's height as the frame measures it, once the element was told it.
      let form = 0;
      await driver.wait(async () => {
        await driver.switchTo().frame(iframe);
        form = await driver.executeScript('return Math.ceil(document.documentElement.getBoundingClientRect().height)') as number;
        await driver.switchTo().defaultContent();
        return (await driver.executeScript('return parseFloat(arguments[0].style.height)', iframe)) === form;
      }, 10_000, 'the frame\'s height told');
      const reserved = await driver.executeScript('return parseFloat(getComputedStyle(arguments[0]).minHeight)', iframe) as number;
      expect(form, `${width} px`).toBeLessThanOrEqual(reserved);
    }
  });
}
