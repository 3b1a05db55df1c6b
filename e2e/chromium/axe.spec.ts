// Chromium: axe (WCAG 2.0/2.1 A and AA, 2.2 AA) finds nothing on the demo
// checkout, empty, with field errors shown, and paid; on the default pt-BR page
// and on the English one (?lang=en).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../support/demo-keys.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { LABELS, checkoutUrl, finalOutcome, submit, typeCard, type CheckoutLang } from '../support/checkout.js';

let demo: Demo;
test.beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
test.afterAll(async () => demo?.close());

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

for (const lang of ['pt-BR', 'en'] satisfies CheckoutLang[]) {
  test(`axe: the empty checkout (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByLabel(LABELS[lang].number)).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`axe: field errors shown (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await page.getByLabel(LABELS[lang].number).pressSequentially('4111');
    await submit(page, lang);
    expect(await finalOutcome(page)).toBe('invalid');
    expect(await violations(page)).toEqual([]);
  });

  test(`axe: paid (${lang})`, async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, lang));
    await typeCard(page, PAID_CARD, lang);
    await submit(page, lang);
    expect(await finalOutcome(page)).toBe('paid');
    expect(await violations(page)).toEqual([]);
  });
}
