// @engines chromium
// PIX and boleto on the demo store, end to end, in every engine (issue 27): the shopper chooses the
// method in <svc-payment-methods>, Pay asks the store's server, which makes the sandbox's charge
// and pays it by that method; the page shows what the API answered (handleNextAction: the QR and
// copy-paste code, or the boleto's line and due date) and waits. The test plays the bank: the
// sandbox's action POST /sandbox/v1/charges/settle. The page then shows paid, with a receipt of
// what the API says was paid. Frame mode (the default page) and the English inline page.
import { resolve } from 'node:path';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../support/demo-keys.mjs';
import { checkoutUrl, SCREENSHOTS, type CheckoutLang, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { engineAxeViolations } from '../support/axe.js';
import { ROOT } from '../support/paths.js';

const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
const STEP = '#next [data-svc-next-action]';
/** The docs' pictures (site guide 'Card, PIX and boleto'): Chromium, pt-BR, written to docs/screenshots with README_SCREENSHOTS=1. */
const screenshot = async (page: EnginePage, name: string) => {
  if (page.engine !== 'chromium') return;
  const file = `checkout-${name}.png`;
  await page.screenshot(process.env.README_SCREENSHOTS === '1' ? resolve(ROOT, SCREENSHOTS, file) : test.info().outputPath(file));
};
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

let demo: Demo;
test.beforeAll(async () => {
  demo = await startDemo({ port: 0, keysDir: testKeysDir() });
});
test.afterAll(async () => demo?.close());

/** The newest charge waiting with a slip of `method`: the one the page just showed (the test is the bank). */
async function waitingCharge(method: 'PIX' | 'BOLETO'): Promise<string> {
  const rows = await demo.sandbox.db.query<{ id: string }>(
    "SELECT id FROM charges WHERE data->'slip'->>'paymentMethod' = $1 AND status <> 'PAID' ORDER BY data->'slip'->>'issuedAt' DESC LIMIT 1", [method]);
  return rows[0]!.id;
}

/** The bank ends the charge's PIX or boleto unpaid: expire (its time ran out) or disable (cancelled; the sandbox's action). */
async function bankEnds(action: 'expire' | 'disable', chargeId: string) {
  const response = await fetch(`${demo.sandboxUrl}/sandbox/v1/charges/${action}`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', chargeId }),
  });
  expect(response.status).toBe(200);
}

async function settle(chargeId: string, paymentMethod: 'PIX' | 'BOLETO') {
  const response = await fetch(`${demo.sandboxUrl}/sandbox/v1/charges/settle`, {
    method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify({ companyId: 'company_demo', chargeId, paymentMethod }),
  });
  expect(response.status).toBe(200);
}

const TEXT = {
  'pt-BR': {
    pix: { choose: 'Pagar R$ 129,90 com PIX', heading: 'Pague com PIX', paid: 'Pagamento recebido: R$ 129,90 por PIX. Obrigado pela compra!', method: 'PIX' },
    boleto: { choose: 'Gerar boleto de R$ 129,90', heading: 'Pague com boleto', paid: 'Pagamento recebido: R$ 129,90 por Boleto bancário. Obrigado pela compra!', method: 'Boleto bancário' },
    waiting: 'Aguardando o pagamento…', received: 'Pagamento recebido.', done: 'Pedido confirmado', amount: 'Valor pago', how: 'Forma de pagamento', price: 'R$ 129,90',
  },
  en: {
    pix: { choose: 'Pay R$129.90 with PIX', heading: 'Pay with PIX', paid: 'Payment received: R$129.90 by PIX. Thank you!', method: 'PIX' },
    boleto: { choose: 'Get a boleto for R$129.90', heading: 'Pay with boleto', paid: 'Payment received: R$129.90 by Boleto. Thank you!', method: 'Boleto' },
    waiting: 'Waiting for the payment…', received: 'Payment received.', done: 'Order confirmed', amount: 'Amount paid', how: 'Payment method', price: 'R$129.90',
  },
} as const;

const receiptRows = (page: EnginePage) => page.evaluate(() => [...document.querySelectorAll('#outcome .receipt dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`));

for (const [lang, isolation] of [['pt-BR', 'frame'], ['en', 'inline']] as [CheckoutLang, Isolation][]) {
  for (const method of ['pix', 'boleto'] as const) {
    test(`${method} (${lang}, ${isolation} page): chosen, paid in the page's panel, settled by the bank: the page shows paid with the receipt`, async ({ enginePage: page }) => {
      const say = TEXT[lang];
      const before = demo.sandbox.records.transactions.size;
      await page.goto(checkoutUrl(demo.url, lang, isolation));
      await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
      await page.shadow('#methods', `input[value="${method}"]`).click();
      // The order follows the method: the product's price at once, no interest; Pay names it and needs no card form.
      await expect.poll(async () => plain(await page.locator('#pay').text())).toContain(say[method].choose);
      expect(plain(await page.locator('#total').text())).toBe(say.price);
      expect(await page.locator('#pay').isEnabled()).toBe(true);
      if (lang === 'pt-BR' && method === 'pix') await screenshot(page, 'methods-pix');
      await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
      await page.locator('#pay').click();

      // Read in the page: the panel is not there until the store has answered.
      await expect.poll(() => page.evaluate((host) => document.querySelector(host)?.shadowRoot?.querySelector('h2')?.textContent ?? null, STEP), { timeout: 20_000 }).toBe(say[method].heading);
      // The PIX's code is in a field; the boleto's line is text, grouped as printed (issue 39).
      const code = method === 'pix' ? await page.shadow(STEP, 'input').value() : (await page.shadow(STEP, '.line').text()).replace(/\D/g, '');
      if (method === 'pix') {
        expect(code).toMatch(/^000201/);
        expect(await page.shadow(STEP, 'img').attribute('src')).toMatch(/^data:image\/png;base64,/);
        // The QR is drawn (CSP img-src data:): the image decoded.
        await expect.poll(() => page.evaluate((host) => (document.querySelector(host)!.shadowRoot!.querySelector('img') as HTMLImageElement).naturalWidth > 0, STEP)).toBe(true);
      } else {
        expect(code).toMatch(/^\d{47}$/);
        expect(await page.shadow(STEP, 'time[datetime]').text()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
        // The barcode is drawn (svc-boleto-barcode.js, loaded by the page under its CSP) from the charge's 44-digit code.
        expect(await page.shadow(STEP, 'svg').attribute('data-barcode')).toMatch(/^\d{44}$/);
      }
      expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe(say.waiting);
      expect(await page.locator('#checkout').isVisible()).toBe(false);
      expect(await engineAxeViolations(page)).toEqual([]);
      expect(demo.sandbox.records.transactions.size).toBe(before); // nothing paid yet
      if (lang === 'pt-BR') await screenshot(page, `${method}-waiting`);

      await settle(await waitingCharge(method === 'pix' ? 'PIX' : 'BOLETO'), method === 'pix' ? 'PIX' : 'BOLETO');
      await expect.poll(() => page.locator('#outcome').attribute('data-outcome'), { timeout: 20_000 }).toBe('paid');
      expect(plain(await page.locator('#outcome').text())).toContain(say[method].paid);
      expect((await receiptRows(page)).map(plain)).toEqual([`${say.amount}: ${say.price}`, `${say.how}: ${say[method].method}`]);
      expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe(say.received);
      expect(await page.byRole('heading', { level: 1 }).text()).toBe(say.done);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('outcome');
      const made = [...demo.sandbox.records.transactions.values()].at(-1)!;
      expect(made).toMatchObject({ status: 'PAID', paymentMethod: method === 'pix' ? 'PIX' : 'BOLETO', amount: { value: 12990 } });
      expect(await engineAxeViolations(page)).toEqual([]);
      if (lang === 'pt-BR') await screenshot(page, `${method}-paid`);
    });
  }
}

// Issue 39: 8 s after the sandbox's expire action the page still said "Aguardando o pagamento…". The
// store learns the bank's end of a PIX or boleto from its webhook, the page asks it every second.
const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];
for (const size of SIZES) {
  test(`${size.width}x${size.height}: a PIX the bank lets expire is told within 2 s, and Pay (focused) makes a new one`, async ({ enginePage: page }) => {
    await page.setViewportSize(size);
    await page.goto(checkoutUrl(demo.url, 'pt-BR', 'inline'));
    await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
    await page.shadow('#methods', 'input[value="pix"]').click();
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
    await page.locator('#pay').click();
    await expect.poll(() => page.evaluate((host) => document.querySelector(host)?.shadowRoot?.querySelector('h2')?.textContent ?? null, STEP), { timeout: 20_000 }).toBe('Pague com PIX');
    const first = await page.shadow(STEP, 'input').value();
    await bankEnds('expire', await waitingCharge('PIX'));
    const started = Date.now();
    await expect.poll(() => page.locator('#outcome').text(), { timeout: 10_000, intervals: [100] }).toBe('O prazo para pagar terminou: o código não vale mais. Escolha como pagar de novo.');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay');
    expect(await page.locator('#next').isVisible()).toBe(false);
    await page.locator('#pay').click();
    await expect.poll(() => page.evaluate((host) => (document.querySelector(host)?.shadowRoot?.querySelector('input') as HTMLInputElement | null)?.value ?? null, STEP), { timeout: 20_000 }).toMatch(/^000201/);
    expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Aguardando o pagamento…');
    expect(first).toMatch(/^000201/);
  });

  test(`${size.width}x${size.height}: a boleto the bank cancels is told within 2 s, with "Nova compra" focused, which opens a new order`, async ({ enginePage: page }) => {
    await page.setViewportSize(size);
    await page.goto(checkoutUrl(demo.url, 'pt-BR', 'inline'));
    await expect.poll(() => page.evaluate(() => !!document.getElementById('methods')?.shadowRoot?.querySelector('input:checked'))).toBe(true);
    await page.shadow('#methods', 'input[value="boleto"]').click();
    await expect.poll(() => page.locator('#pay').isEnabled()).toBe(true);
    await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
    await page.locator('#pay').click();
    await expect.poll(() => page.evaluate((host) => document.querySelector(host)?.shadowRoot?.querySelector('h2')?.textContent ?? null, STEP), { timeout: 20_000 }).toBe('Pague com boleto');
    expect(await page.locator('.secure').isVisible()).toBe(false); // the card's encryption note says nothing about a boleto
    await bankEnds('disable', await waitingCharge('BOLETO'));
    const started = Date.now();
    await expect.poll(() => page.locator('#outcome').text(), { timeout: 10_000, intervals: [100] }).toBe('O banco cancelou este pagamento e ele não pode mais ser pago. Comece uma nova compra para pagar.');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-order');
    expect(await page.locator('#checkout').isVisible()).toBe(false);
    await page.locator('#new-order').click();
    await expect.poll(() => page.locator('#pay').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('#outcome').text()).toBe('');
  });
}
