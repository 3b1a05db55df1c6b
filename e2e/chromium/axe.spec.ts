// @engines chromium
// Chromium: axe (WCAG 2.0/2.1 A and AA, 2.2 AA) finds nothing on the demo
// checkout, empty, with field errors shown, and paid; on the default pt-BR page
// and on the English one (?lang=en).
import type { Demo } from '../../demo/start-demo.mjs';
import { axeViolations } from '../support/axe.js';
import { PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { LABELS, checkoutUrl, finalOutcome, submit, typeCard, type CheckoutLang } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts): every check here reads its own page.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

for (const lang of ['pt-BR', 'en'] satisfies CheckoutLang[]) {
  test(`axe: the empty checkout (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByLabel(LABELS[lang].number)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`axe: field errors shown (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await page.getByLabel(LABELS[lang].number).pressSequentially(PAID_NUMBER.slice(0, 4));
    await submit(page, lang);
    expect(await finalOutcome(page)).toBe('invalid');
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`axe: paid (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await typeCard(page, PAID_CARD, lang);
    await submit(page, lang);
    expect(await finalOutcome(page)).toBe('paid');
    expect(await axeViolations(page)).toEqual([]);
  });
}
