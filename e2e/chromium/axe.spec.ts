// Chromium: axe (WCAG 2.0/2.1 A and AA, 2.2 AA) finds nothing on the demo
// checkout, empty, with field errors shown, and paid.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD } from '../support/cards.js';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';

let demo: Demo;
test.beforeAll(async () => { demo = await startDemo({ port: 0 }); });
test.afterAll(async () => demo?.close());

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('axe: the empty checkout', async ({ page }) => {
  await page.goto(demo.url);
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe: field errors shown', async ({ page }) => {
  await page.goto(demo.url);
  await page.getByLabel('Card number').pressSequentially('4111');
  await submit(page);
  expect(await finalOutcome(page)).toBe('invalid');
  expect(await violations(page)).toEqual([]);
});

test('axe: paid', async ({ page }) => {
  await page.goto(demo.url);
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  expect(await violations(page)).toEqual([]);
});
