// Frame mode in WebKitGTK (issue 9): a card typed inside the cross-origin card frame pays.
// Chromium and Firefox ESR run the fuller frame specs beside this file through Playwright;
// EnginePage has no frames, so this one drives the WebKitWebDriver session itself.
import type { WebDriver } from 'selenium-webdriver';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { EXPIRY_SHOWN, EXPIRY_TYPED, HOLDER_CPF, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { readyCardFrame, typeInFrame } from './webkit-frame.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

test('a card typed inside the card frame pays (frame mode, the demo default)', async ({ engineSession, enginePage }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  await enginePage.goto(checkoutUrl(demo.url, 'en', 'frame'));
  await driver.switchTo().frame(await readyCardFrame(driver));
  // And the holder's CPF: the demo asks it (issue 11).
  await typeInFrame(driver, { holder: PAID_CARD.holder, number: PAID_NUMBER, expiry: EXPIRY_TYPED, securityCode: PAID_CARD.securityCode, holderDocument: HOLDER_CPF });
  expect(await driver.executeScript("return [...document.querySelector('svc-card-form').shadowRoot.querySelectorAll('input')].map((i) => i.value)"))
    .toEqual([PAID_CARD.holder, PAID_CARD.number, EXPIRY_SHOWN, PAID_CARD.securityCode, '529.982.247-25']);
  await driver.switchTo().defaultContent();
  await enginePage.locator('#pay').click();
  expect(await finalOutcome(enginePage)).toBe('paid');
});
