// @engines all
// Where the focus is while a PIX or boleto waits (issue 27, tried as a shopper with the keyboard and
// a screen reader), in every engine: Pay hides with the form once the store answers, so the focus
// must go somewhere the shopper can read and act from, never to <body> (a screen reader then says
// nothing and Tab starts again from the top of the page). The page's clock is moved by a first
// script (Date.now skewed on demand) so the PIX's time runs out without waiting a day.
import { checkoutUrl, type CheckoutLang, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { firstScriptOf, startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';

let site: FrontedDemo;
test.beforeAll(async () => {
  site = await startFrontedDemo({
    firstScript: firstScriptOf(() => {
      const real = Date.now;
      let skew = 0;
      Date.now = () => real() + skew;
      (window as unknown as { skewClock(ms: number): void }).skewClock = (ms) => void (skew = ms);
    }),
  });
});
test.afterAll(async () => site?.close());
// A PIX left waiting is kept for the tab (a reload shows it again): WebKitGTK's one tab goes on to the next test.
test.afterEach(async ({ enginePage: page }) => page.evaluate(() => sessionStorage.clear()));

/** The focused element, through open shadow roots: its tag, id, and the heading it holds (a panel's). */
const focused = (page: EnginePage) => page.evaluate(() => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return { tag: active?.localName ?? null, id: active?.id ?? '', heading: active?.querySelector('h2')?.textContent ?? null };
});

const HEADING = { 'pt-BR': { pix: 'Pague com PIX', boleto: 'Pague com boleto' }, en: { pix: 'Pay with PIX', boleto: 'Pay with boleto' } } as const;

async function payBy(page: EnginePage, method: 'pix' | 'boleto', lang: CheckoutLang, isolation: Isolation): Promise<void> {
  await page.goto(checkoutUrl(site.url, lang, isolation));
  await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
  await page.shadow('#methods', `input[value="${method}"]`).click();
  await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
  await page.locator('#pay').focus();
  await page.locator('#pay').press('Enter');
  await expect.poll(() => page.evaluate(() => document.querySelector('#next [data-svc-next-action]')?.shadowRoot?.querySelector('h2')?.textContent ?? null), { timeout: 20_000 }).toBe(HEADING[lang][method]);
}

for (const [method, lang, isolation] of [['pix', 'en', 'inline'], ['boleto', 'pt-BR', 'frame']] as const) {
  test(`${method} (${lang}, ${isolation} page): once the store answers, the focus is on the panel that says what to pay, not lost on <body>`, async ({ enginePage: page }) => {
    await payBy(page, method, lang, isolation);
    await expect.poll(() => focused(page)).toEqual({ tag: 'section', id: '', heading: HEADING[lang][method] });
    // Tab goes on from there to the panel's first control (issue 39): at this desktop size the PIX's
    // QR comes first (its disclosure, open); the boleto's too, as it carries a PIX (issue 40), its QR before its line.
    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).toBe('summary');
  });
}

test('pix: when the time to pay runs out, the focus goes to Pay (the panel it was in is gone), which pays again', async ({ enginePage: page }) => {
  await payBy(page, 'pix', 'en', 'inline');
  await page.shadow('#next [data-svc-next-action]', 'button.primary').focus(); // the shopper was on Copy
  await page.evaluate(() => (window as unknown as { skewClock(ms: number): void }).skewClock(3 * 86_400_000));
  await expect.poll(() => page.locator('#outcome').text(), { timeout: 10_000 }).toBe('The time to pay is over. Please choose how to pay again.');
  await expect.poll(() => focused(page)).toEqual({ tag: 'button', id: 'pay', heading: null });
  expect(await page.locator('#pay').isEnabled()).toBe(true);
});
