// paying-layout.spec.ts in WebKitGTK, frame mode on the demo: WebDriver cannot hold the demo's
// POST back, so the page holds the element itself (hold() on svc-encrypted, as a merchant may)
// until the test releases it; the demo's own payment (a decline) ends meanwhile. Entering and
// leaving the busy state move no input in the frame and not the Pay button. The outcome is
// taken out of the flow, as there: it is the page's content, not the busy state.
import type { WebDriver } from 'selenium-webdriver';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { DECLINED_CARD, EXPIRY_TYPED, HOLDER_CPF } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { boxes } from '../support/layout.js';
import { readyCardFrame, typeInFrame } from './webkit-frame.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

for (const width of [390, 1280]) {
  test(`frame mode, ${width} px: entering and leaving the busy state moves no input and not the Pay button`, async ({ engineSession, enginePage }) => {
    const driver = (engineSession as { driver: WebDriver }).driver;
    await enginePage.setViewportSize({ width, height: 844 });
    await enginePage.goto(checkoutUrl(demo.url, 'pt-BR', 'frame'));
    const iframe = await readyCardFrame(driver);
    await enginePage.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('#outcome{position:absolute}');
      document.adoptedStyleSheets = [sheet];
      const card = document.querySelector('svc-card-form') as HTMLElement & { hold(work: Promise<void>): Promise<void> };
      card.addEventListener('svc-encrypted', () => void card.hold(new Promise<void>((resolve) => ((window as unknown as { answer(): void }).answer = resolve))));
    });
    await driver.switchTo().frame(iframe);
    await typeInFrame(driver, {
      holder: DECLINED_CARD.holder, number: DECLINED_CARD.number.replace(/\s/g, ''), expiry: EXPIRY_TYPED, securityCode: DECLINED_CARD.securityCode, holderDocument: HOLDER_CPF,
    });
    await driver.switchTo().defaultContent();
    const busy = () => enginePage.locator('svc-card-form').evaluate((el: Element) => el.matches(':state(busy)') || el.hasAttribute('data-state-busy'));
    const places = async () => {
      const page = await enginePage.evaluate(boxes, ['svc-card-form', ['pay']] as [string, string[]]);
      await driver.switchTo().frame(iframe);
      try {
        return [page, await driver.executeScript(boxes, ['svc-card-form', []])];
      } finally {
        await driver.switchTo().defaultContent();
      }
    };
    await enginePage.evaluate(() => document.getElementById('pay')!.scrollIntoView({ block: 'center' }));
    const before = await places();
    await enginePage.locator('#pay').click();
    await expect.poll(busy).toBe(true);
    expect(await finalOutcome(enginePage)).toBe('declined'); // the demo's payment is over; the page's hold is not
    expect(await busy()).toBe(true);
    expect(await places()).toEqual(before);
    await enginePage.evaluate(() => (window as unknown as { answer(): void }).answer());
    await expect.poll(busy).toBe(false);
    expect(await places()).toEqual(before);
  });
}
