// The latest choice wins (issue 27, tried as a shopper): PIX chosen and Pay pressed, then, while the
// store is still answering, the card (or the boleto) chosen. The PIX the store answers late must not
// cover the method the shopper now has: the page drops that answer (its request aborted) and stays
// on the checkout, the chooser, Pay and the order as the new method has them. The store's POST
// /api/pay is held by a front server (every engine: WebKitGTK has no request interception).
import { checkoutUrl } from '../support/checkout.js';
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
