// @engines chromium
// The latest choice wins (issue 27, tried as a shopper): PIX chosen and Pay pressed, then, while the
// store is still answering, the card (or the boleto) chosen. The PIX the store answers late must not
// cover the method the shopper now has: the page drops that answer (its request aborted) and stays
// on the checkout, the chooser, Pay and the order as the new method has them. The store's POST
// /api/pay is held by a front server (every engine: WebKitGTK has no request interception).
import { DECLINED_CARD, PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';

const STEP = '#next [data-svc-next-action]';

let site: FrontedDemo;
test.beforeAll(async () => {
  site = await startFrontedDemo({});
});
test.afterAll(async () => site?.close());
// A PIX shown by mistake would be kept for the tab: WebKitGTK's one tab goes on to the next test.
test.afterEach(async ({ enginePage: page }) => page.evaluate(() => sessionStorage.clear()));

const heading = (page: EnginePage) => page.evaluate((host) => document.querySelector(host)?.shadowRoot?.querySelector('h2')?.textContent ?? null, STEP);
const chosen = (page: EnginePage) => page.evaluate(() => (document.getElementById('methods') as HTMLElement & { value?: string }).value ?? null);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const then of ['card', 'boleto'] as const) {
  test(`pix: Pay pressed, then ${then} chosen while the store answers: the late PIX is not shown, the page is the ${then}'s checkout`, async ({ enginePage: page }) => {
    await page.goto(checkoutUrl(site.url, 'en', 'inline'));
    await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
    await page.shadow('#methods', 'input[value="pix"]').click();
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    const held = site.holdPay();
    await page.locator('#pay').click();
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(false); // the PIX being made
    await pause(300); // the request at the front, held
    await page.shadow('#methods', `input[value="${then}"]`).click();
    held.release();
    await pause(3000); // the store's answer, had the page still waited for it
    expect(await heading(page), 'no PIX panel over the method chosen').toBeNull();
    expect(await page.locator('#checkout').isVisible()).toBe(true);
    expect(await chosen(page)).toBe(then);
    expect(await page.locator('#outcome').text()).toBe('');
    expect(await page.byRole('button', { name: 'Choose another way to pay' }).isVisible()).toBe(false);
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    expect((await page.locator('#pay .pay-label').text()).replace(/\u00a0/g, ' ')).toBe(then === 'card' ? 'Pay R$129.90' : 'Get a boleto for R$129.90');
    if (then === 'boleto') {
      // Pay now makes the boleto, and it stays: the dropped PIX does not come over it.
      await page.locator('#pay').click();
      await expect.poll(() => heading(page), { timeout: 20_000 }).toBe('Pay with boleto');
      await pause(1000);
      expect(await heading(page)).toBe('Pay with boleto');
    }
  });
}

// A card payment cannot be dropped as a PIX request is (its answer may be money moved): while it is
// under way the chooser takes no other method, which would hide the card form its outcome is shown
// at (a decline's message and focus went to a hidden field; an approval's receipt came under PIX).
for (const [card, outcome] of [[PAID_CARD, 'paid'], [DECLINED_CARD, 'declined']] as const) {
  test(`card: Pay pressed, no other method can be chosen until the store answers (${outcome}); the outcome is the card's`, async ({ enginePage: page }) => {
    await page.goto(checkoutUrl(site.url, 'en', 'inline'));
    await typeCard(page, card);
    const held = site.holdPay();
    await submit(page);
    await expect.poll(() => page.evaluate(() => (document.getElementById('methods') as HTMLElement & { disabled: boolean }).disabled)).toBe(true);
    await pause(300); // the request at the front, held
    // Its radios are disabled: no click or arrow key can choose (a click is not even sent: the browser would drop it).
    // (:disabled, the HTML state: WebKitWebDriver's "is enabled" reads the radio's own attribute only, not its fieldset's.)
    expect(await page.evaluate(() => [...document.getElementById('methods')!.shadowRoot!.querySelectorAll('input')].map((radio) => `${radio.value}:${radio.matches(':disabled')}`))).toEqual(['card:true', 'pix:true', 'boleto:true']);
    held.release();
    expect(await finalOutcome(page)).toBe(outcome);
    expect(await chosen(page)).toBe('card');
    if (outcome === 'paid') return;
    // Declined: the message beside Pay (issue 39), and the chooser free again.
    expect(await page.evaluate(() => (document.getElementById('methods') as HTMLElement & { disabled: boolean }).disabled)).toBe(false);
    await expect.poll(() => page.locator('#pay-outcome').text()).toContain('Payment declined');
  });
}

// Issue 39: with prefers-reduced-motion the Pay spinner stands still (the override lost to the busy rule's
// `form:has(...) #pay::before` before: it still spun). Read while the card payment is held, so busy.
test('reduced motion: while paying, Pay\'s ring does not spin', async ({ enginePage: page }) => {
  expect(await page.emulateMedia({ reducedMotion: 'reduce' })).toBe(true);
  await page.goto(checkoutUrl(site.url, 'en', 'inline'));
  await typeCard(page, PAID_CARD);
  const held = site.holdPay();
  try {
    await submit(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.getElementById('pay')!, '::before').content)).not.toBe('none');
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('pay')!, '::before').animationName)).toBe('none');
  } finally {
    held.release();
  }
  expect(await finalOutcome(page)).toBe('paid');
});
