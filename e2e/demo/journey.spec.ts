// The demo checkout in every Playwright engine: a customer types a card and
// pays; the page shows the outcome the sandbox decided. In English (?lang=en)
// and on the default pt-BR page, whose screenshots (empty, errors, paid)
// Chromium writes for the README.
import { expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../support/demo-keys.mjs';
import { DECLINED_CARD, PAID_CARD } from '../support/cards.mjs';
import { LABELS, SCREENSHOTS, checkoutUrl, finalOutcome, outcome, submit, typeCard } from '../support/checkout.js';
import { ROOT } from '../support/paths.js';

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

const screenshot = async (page: import('@playwright/test').Page, browserName: string, name: string) => {
  if (browserName === 'chromium') await page.screenshot({ path: resolve(ROOT, SCREENSHOTS, `checkout-${name}.png`), fullPage: true, animations: 'disabled' });
};

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(129.9);

test.beforeEach(async ({ page }) => page.setViewportSize({ width: 640, height: 900 }));

test.describe('English (?lang=en)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, 'en'));
  });

  test('shows the product and its price in BRL', async ({ page }) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#price')).toHaveText(brl);
    await expect(page.getByRole('button', { name: `Pay ${brl}` })).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeVisible();
  });

  test('type a card, submit: PAID shown, and the sandbox charged the merchant price', async ({ page }) => {
    const before = demo.sandbox.records.transactions.size;
    await typeCard(page, PAID_CARD);
    await submit(page);
    expect(await finalOutcome(page)).toBe('paid');
    await expect(outcome(page)).toContainText('Payment approved');
    const made = [...demo.sandbox.records.transactions.values()].slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'PAID', amount: { value: 12990, currency: 'BRL' }, card: { last4: '1111' } });
  });

  test('a declined test card: declined shown, the customer can try another card', async ({ page }) => {
    await typeCard(page, DECLINED_CARD);
    await submit(page);
    expect(await finalOutcome(page)).toBe('declined');
    await expect(outcome(page)).toContainText('Payment declined');
    await expect(page.getByRole('button', { name: /^Pay / })).toBeEnabled();
  });

  test('field errors: nothing is sent, each bad field says why', async ({ page }) => {
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
    await expect(outcome(page)).toContainText('Please correct the card details');
    expect(posted).toBe(0);
  });
});

test.describe('pt-BR (the default page)', () => {
  const pt = LABELS['pt-BR'];
  test.beforeEach(async ({ page }) => {
    await page.goto(checkoutUrl(demo.url, 'pt-BR'));
  });

  test('the product, its price in BRL and every text in Portuguese', async ({ page, browserName }) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.locator('svc-card-form')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finalizar compra');
    await expect(page.locator('#price')).toHaveText(brl);
    await expect(page.getByRole('button', { name: `Pagar ${brl}` })).toBeVisible();
    await expect(page.getByLabel(pt.number)).toBeVisible();
    await screenshot(page, browserName, 'empty');
  });

  test('type a card with the Portuguese labels, pay: the Portuguese paid message', async ({ page, browserName }) => {
    const before = demo.sandbox.records.transactions.size;
    await typeCard(page, PAID_CARD, 'pt-BR');
    await submit(page, 'pt-BR');
    expect(await finalOutcome(page)).toBe('paid');
    await expect(outcome(page)).toHaveText('Pagamento aprovado (cartão final 1111). Obrigado pela compra!');
    const made = [...demo.sandbox.records.transactions.values()].slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'PAID', amount: { value: 12990, currency: 'BRL' } });
    await screenshot(page, browserName, 'paid');
  });

  test('a declined test card: the reason in Portuguese, another card can be tried', async ({ page }) => {
    await typeCard(page, DECLINED_CARD, 'pt-BR');
    await submit(page, 'pt-BR');
    expect(await finalOutcome(page)).toBe('declined');
    await expect(outcome(page)).toHaveText('Pagamento recusado (recusado pelo banco emissor). Tente outro cartão.');
    await expect(page.getByRole('button', { name: pt.pay })).toBeEnabled();
  });

  test('field errors: nothing is sent, each bad field says why in Portuguese', async ({ page, browserName }) => {
    let posted = 0;
    page.on('request', (request) => { if (request.url().endsWith('/api/pay')) posted += 1; });
    await page.getByLabel(pt.holder).pressSequentially('MARIA DA SILVA');
    await page.getByLabel(pt.number).pressSequentially('4111111111111112');
    await page.getByLabel(pt.expiry).pressSequentially('1320');
    await submit(page, 'pt-BR');
    expect(await finalOutcome(page)).toBe('invalid');
    await expect(page.getByLabel(pt.number)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(pt.code)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('O número do cartão não é válido. Confira os dígitos.')).toBeVisible();
    await expect(outcome(page)).toHaveText('Corrija os dados do cartão indicados acima.');
    await screenshot(page, browserName, 'errors');
    expect(posted).toBe(0);
  });
});
