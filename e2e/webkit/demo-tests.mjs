// The demo journey in WebKitGTK: type a card into <svc-card-form>'s shadow
// inputs, submit, see PAID; the sandbox recorded the payment. English flows use
// ?lang=en; the last test pays on the default pt-BR page.
import { By, until } from 'selenium-webdriver';
import * as CARDS from '../support/cards.mjs';
import { equal, truthy } from './assert.mjs';

// The English page (the default is pt-BR), for the English texts checked below.
const checkoutUrl = (demo) => `${demo.url}/?lang=en&isolation=inline`;

// Typed as digits only: the form's formatting adds the spaces and the slash.
const PAID_CARD = { holder: CARDS.PAID_CARD.holder, number: CARDS.PAID_NUMBER, expiry: CARDS.EXPIRY_TYPED, securityCode: CARDS.PAID_CARD.securityCode };
const DECLINED_CARD = { ...PAID_CARD, number: CARDS.DECLINED_NUMBER };

async function typeCard(driver, card) {
  const host = await driver.wait(until.elementLocated(By.css('svc-card-form')), 10_000);
  const root = await host.getShadowRoot();
  for (const [id, text] of [['holder', card.holder], ['number', card.number], ['expiry', card.expiry], ['securityCode', card.securityCode]]) {
    const input = await root.findElement(By.css(`#${id}`));
    await input.sendKeys(text);
  }
}

const waitForOutcome = async (driver) => {
  const outcome = await driver.findElement(By.css('#outcome'));
  await driver.wait(async () => !['', null, 'pending'].includes(await outcome.getAttribute('data-outcome')), 15_000, 'an outcome');
  return { kind: await outcome.getAttribute('data-outcome'), text: await outcome.getText() };
};

export const demoTests = [
  ['demo: type a card, submit, PAID shown', async ({ driver, demo }) => {
    const before = demo.sandbox.records.transactions.size;
    await driver.get(checkoutUrl(demo));
    await typeCard(driver, PAID_CARD);
    const shown = await driver.executeScript(
      "return [...document.querySelector('svc-card-form').shadowRoot.querySelectorAll('input')].map((i) => i.value)");
    equal(shown, ['MARIA DA SILVA', '4111 1111 1111 1111', CARDS.EXPIRY_SHOWN, '123'], 'what the inputs show');
    await driver.findElement(By.css('#pay')).click();
    const outcome = await waitForOutcome(driver);
    equal(outcome.kind, 'paid', `outcome (${outcome.text})`);
    truthy(/Payment approved/.test(outcome.text), `approved text, got ${outcome.text}`);
    const made = [...demo.sandbox.records.transactions.values()].slice(before);
    equal(made.map((t) => [t.status, t.amount.value]), [['PAID', 12990]], 'sandbox transactions');
  }],
  ['demo: a declined test card, declined shown', async ({ driver, demo }) => {
    await driver.get(checkoutUrl(demo));
    await typeCard(driver, DECLINED_CARD);
    await driver.findElement(By.css('#pay')).click();
    const outcome = await waitForOutcome(driver);
    equal(outcome.kind, 'declined', `outcome (${outcome.text})`);
  }],
  ['demo (pt-BR, the default page): type a card, submit, the Portuguese paid message', async ({ driver, demo }) => {
    await driver.get(`${demo.url}/?isolation=inline`);
    equal(await driver.executeScript("return [document.documentElement.lang, document.querySelector('#pay').textContent]"),
      ['pt-BR', 'Pagar R$\u00a0129,90'], 'page language and Pay button');
    await typeCard(driver, PAID_CARD);
    await driver.findElement(By.css('#pay')).click();
    const outcome = await waitForOutcome(driver);
    equal(outcome.kind, 'paid', `outcome (${outcome.text})`);
    truthy(/^Pagamento aprovado \(cartão final 1111\)/.test(outcome.text), `approved text in Portuguese, got ${outcome.text}`);
  }],
  ['demo (frame mode, issue 9): type a card inside the card frame, PAID', async ({ driver, demo }) => {
    await driver.get(`${demo.url}/?lang=en`);
    // The element sets the iframe's height from the frame's ready message (svc-ready).
    const iframe = await driver.wait(async () => driver.executeScript(
      "const f = document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe'); return f?.style.height ? f : null"), 15_000, 'the card frame ready');
    await driver.switchTo().frame(iframe);
    // WebKitWebDriver calls a shadow input inside a cross-origin frame "not focusable" for
    // sendKeys, and script focus does not reach an unfocused frame: click each, then type.
    for (const [id, text] of Object.entries(PAID_CARD)) {
      const input = await driver.executeScript(`return document.querySelector('svc-card-form').shadowRoot.getElementById('${id}')`);
      await driver.actions().click(input).perform();
      await driver.actions().sendKeys(text).perform();
    }
    const typed = await driver.executeScript("return [...document.querySelector('svc-card-form').shadowRoot.querySelectorAll('input')].map((i) => i.value)");
    equal(typed, ['MARIA DA SILVA', '4111 1111 1111 1111', CARDS.EXPIRY_SHOWN, '123'], 'what the frame inputs show');
    await driver.switchTo().defaultContent();
    await driver.findElement(By.css('#pay')).click();
    const outcome = await waitForOutcome(driver);
    equal(outcome.kind, 'paid', `outcome (${outcome.text})`);
  }],
];
