// @engines chromium
// PIX and boleto on the demo store, end to end (issue 27): the shopper chooses the method in
// <svc-payment-methods>, Pay asks the store's server, which makes the sandbox's charge and pays it
// by that method; the page shows what the API answered (handleNextAction: the QR and copy-paste
// code, or the boleto's line and due date) and waits. The test plays the bank: the sandbox's action
// POST /sandbox/v1/charges/settle. The page then shows paid, with a receipt of what the API says was
// paid. Frame mode (the default page) and the English inline page. Chromium only: the charge, the
// settle and the receipt are the store's and the sandbox's; the panels in every engine are
// e2e/iife/next-action-slips.spec.ts's, the chooser's e2e/iife/payment-methods.spec.ts's. The bank
// ending a slip, told within 2 s, is timed: slip-ends.spec.ts, run alone.
import { resolve } from 'node:path';
import type { Demo } from '../../demo/start-demo.mjs';
import { checkoutUrl, SCREENSHOTS, type CheckoutLang, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { engineAxeViolations } from '../support/axe.js';
import { ROOT } from '../support/paths.js';
import { settle, waitingCharge } from '../support/demo-bank.js';

const STEP = '#next [data-svc-next-action]';
/** The docs' pictures (site guide 'Card, PIX and boleto'): Chromium, pt-BR, written to docs/screenshots with README_SCREENSHOTS=1. */
const screenshot = async (page: EnginePage, name: string) => {
  if (page.engine !== 'chromium') return;
  const file = `checkout-${name}.png`;
  await page.screenshot(process.env.README_SCREENSHOTS === '1' ? resolve(ROOT, SCREENSHOTS, file) : test.info().outputPath(file));
};
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), read by deltas (transactions made after `before`, the newest one).
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

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

      await settle(demo, await waitingCharge(demo, method === 'pix' ? 'PIX' : 'BOLETO'), method === 'pix' ? 'PIX' : 'BOLETO');
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
