// The demo checkout in every Playwright engine: a customer types a card and
// pays; the page shows the outcome the sandbox decided. Chromium also writes the
// README screenshots (empty, errors, paid).
import { expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { DECLINED_CARD, PAID_CARD } from '../support/cards.js';
import { SCREENSHOTS, finalOutcome, outcome, submit, typeCard } from '../support/checkout.js';
import { ROOT } from '../support/paths.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0 });
});
test.afterAll(async () => demo?.close());

const screenshot = async (page: import('@playwright/test').Page, browserName: string, name: string) => {
  if (browserName === 'chromium') await page.screenshot({ path: resolve(ROOT, SCREENSHOTS, `checkout-${name}.png`), fullPage: true });
};

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 900 });
  await page.goto(demo.url);
});

test('shows the product and its price in BRL', async ({ page, browserName }) => {
  const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(129.9);
  await expect(page.locator('#price')).toHaveText(brl);
  await expect(page.getByRole('button', { name: `Pay ${brl}` })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await screenshot(page, browserName, 'empty');
});

test('type a card, submit: PAID shown, and the sandbox charged the merchant price', async ({ page, browserName }) => {
  const before = demo.sandbox.records.transactions.size;
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  await expect(outcome(page)).toContainText('Payment approved');
  const made = [...demo.sandbox.records.transactions.values()].slice(before);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ status: 'PAID', amount: { value: 12990, currency: 'BRL' }, card: { last4: '1111' } });
  await screenshot(page, browserName, 'paid');
});

test('a declined test card: declined shown, the customer can try another card', async ({ page }) => {
  await typeCard(page, DECLINED_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('declined');
  await expect(outcome(page)).toContainText('Payment declined');
  await expect(page.getByRole('button', { name: /^Pay / })).toBeEnabled();
});

test('field errors: nothing is sent, each bad field says why', async ({ page, browserName }) => {
  let posted = 0;
  page.on('request', (request) => { if (request.url().endsWith('/api/pay')) posted += 1; });
  await page.getByLabel('Name on card').pressSequentially('MARIA DA SILVA');
  await page.getByLabel('Card number').pressSequentially('4111111111111112');
  await page.getByLabel(/^Expiry date/).pressSequentially('1320');
  await submit(page);
  expect(await finalOutcome(page)).toBe('invalid');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Expiry date/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Security code/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name on card')).toHaveAttribute('aria-invalid', 'false');
  await screenshot(page, browserName, 'errors');
  expect(posted).toBe(0);
});
