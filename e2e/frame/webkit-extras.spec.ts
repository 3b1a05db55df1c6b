// Issue 11's extras in frame mode in WebKitGTK (Chromium and Firefox ESR: checkout-extras.spec.ts):
// the CPF typed and 3x chosen inside the cross-origin card frame come back as the form entries.
import type { WebDriver } from 'selenium-webdriver';
import { EXPIRY_TYPED, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { extrasServers } from '../support/frame-host.js';
import { expect, test } from '../support/engine-fixture.js';
import { readyCardFrame, typeInFrame } from './webkit-frame.js';

const servers = extrasServers(); // the merchant page on 127.0.0.1, the card frame on localhost (another site)
test.beforeAll(servers.start);
test.afterAll(servers.stop);

test('3x and a CPF chosen inside the card frame give card.installments and card.holderDocument', async ({ engineSession, enginePage }) => {
  const driver = (engineSession as { driver: WebDriver }).driver;
  await enginePage.goto(servers.page([{ installment: 1 }, { installment: 3 }]));
  await driver.switchTo().frame(await readyCardFrame(driver));
  await typeInFrame(driver, { holder: PAID_CARD.holder, number: PAID_NUMBER, expiry: EXPIRY_TYPED, securityCode: PAID_CARD.securityCode, holderDocument: '52998224725' });
  // The choice as the select reports it (a click would open GTK's native popup menu).
  expect(await driver.executeScript(`const select = document.querySelector('svc-card-form').shadowRoot.getElementById('installments');
    select.value = '3'; select.dispatchEvent(new Event('change', { bubbles: true }));
    return [select.value, document.querySelector('svc-card-form').shadowRoot.getElementById('holderDocument').value]`)).toEqual(['3', '529.982.247-25']);
  await driver.switchTo().defaultContent();
  await enginePage.locator('#pay').click();
  await expect.poll(() => enginePage.evaluate(() => (window as unknown as { seen: { submits: unknown[] } }).seen.submits.length)).toBe(1);
  const submit = await enginePage.evaluate(() => (window as unknown as { seen: { submits: Record<string, string>[] } }).seen.submits[0]!);
  expect(Object.keys(submit).sort()).toEqual(['card', 'card.holderDocument', 'card.installments']);
  expect(submit).toMatchObject({ 'card.installments': '3', 'card.holderDocument': '52998224725' });
  expect(Object.keys(JSON.parse(submit.card!))).toEqual(['keyId', 'encryptedKey', 'iv', 'ciphertext', 'authTag']);
});
