// @engines all
// <svc-payment-methods> (dist/svc-payment-methods.js, issue 27) in every engine: the merchant's
// methods in the merchant's order as a native radio group, pt-BR by default; the chosen method's
// panel shown, the others hidden and disabled (a hidden card form takes no part in the submit);
// svc-method-change tells the page the method and the API's paymentMethod.
import { expect, test } from '../support/engine-fixture.js';
import { engineAxeViolations } from '../support/axe.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

const HOST = 'svc-payment-methods';
let server: StaticServer;
test.beforeAll(async () => {
  server = await startStaticServer(ROOT);
});
test.afterAll(async () => server.close());
test.beforeEach(async ({ enginePage: page }) => {
  await page.goto(`${server.url}/e2e/pages/payment-methods.html`);
  await expect.poll(() => page.evaluate(() => !!customElements.get('svc-payment-methods') && !!document.querySelector('svc-payment-methods')!.shadowRoot?.querySelector('input'))).toBe(true);
});

/** What the chooser shows: its legend, each method's label and whether it is checked, the panel shown, the card form's disabled. */
const shown = (page: { evaluate: <R>(fn: () => R) => Promise<R> }) => page.evaluate(() => {
  const host = document.querySelector('svc-payment-methods')!;
  const root = host.shadowRoot!;
  const slot = root.querySelector('slot')!;
  return {
    legend: root.querySelector('legend')!.textContent,
    methods: [...root.querySelectorAll('label')].map((label) => `${label.querySelector('span')!.textContent}${label.querySelector('input')!.checked ? ' *' : ''}`),
    panel: slot.assignedElements().map((element) => element.localName === 'p' ? element.textContent : element.localName),
    cardDisabled: host.querySelector('svc-card-form')!.hasAttribute('disabled'),
    cardRendered: (host.querySelector('svc-card-form') as HTMLElement).getClientRects().length > 0,
  };
});

test('the merchant\'s methods in its order, pt-BR; the first is chosen, its panel alone shown, the card form hidden and disabled', async ({ enginePage: page }) => {
  expect(await shown(page)).toEqual({
    legend: 'Forma de pagamento', methods: ['PIX *', 'Cartão de crédito', 'Boleto bancário'],
    panel: ['O QR Code aparece depois de clicar em Pagar.'], cardDisabled: true, cardRendered: false,
  });
  expect(await page.evaluate(() => (document.querySelector('svc-payment-methods') as any).detail)).toEqual({ method: 'pix', paymentMethod: 'PIX' });
});

test('arrow keys choose: svc-method-change says the method and the API\'s paymentMethod; the card form shows, enabled, only while card is chosen', async ({ enginePage: page }) => {
  await page.shadow(HOST, 'input[value="pix"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shown(page)).toEqual({
    legend: 'Forma de pagamento', methods: ['PIX', 'Cartão de crédito *', 'Boleto bancário'],
    panel: ['svc-card-form'], cardDisabled: false, cardRendered: true,
  });
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await shown(page)).panel).toEqual(['O boleto aparece depois de clicar em Pagar.']);
  expect((await shown(page)).cardDisabled).toBe(true);
  expect(await page.evaluate(() => (window as any).events)).toEqual([{ method: 'card', paymentMethod: 'CREDIT_CARD' }, { method: 'boleto', paymentMethod: 'BOLETO' }]);
  expect(await page.shadow(HOST, 'input[value="boleto"]').isFocused()).toBe(true);
});

test('a submit while PIX is chosen reaches the page at once: the hidden card form is neither checked nor encrypted', async ({ enginePage: page }) => {
  await page.evaluate(() => {
    const w = window as any;
    w.cardEvents = [];
    for (const type of ['svc-error', 'svc-encrypted']) document.addEventListener(type, () => w.cardEvents.push(type));
  });
  await page.byRole('button', { name: 'Pagar' }).click();
  await expect.poll(() => page.evaluate(() => (window as any).submits)).toBe(1);
  expect(await page.evaluate(() => (window as any).cardEvents)).toEqual([]);
});

test('the API\'s method names, in English; one method offered shows no radio group; a page-set value sends no event', async ({ enginePage: page }) => {
  const read = () => page.evaluate(() => {
    const root = document.getElementById('other')!.shadowRoot!;
    return { legend: root.querySelector('legend')!.textContent, hidden: root.querySelector('fieldset')!.hidden, methods: [...root.querySelectorAll('label span')].map((s) => s.textContent), value: (document.getElementById('other') as any).value };
  });
  await page.evaluate(() => {
    const other = Object.assign(document.createElement('svc-payment-methods'), { id: 'other' });
    other.setAttribute('lang', 'en');
    other.setAttribute('methods', 'BOLETO, credit_card PIX bitcoin BOLETO');
    document.querySelector('main')!.append(other);
  });
  expect(await read()).toEqual({ legend: 'Payment method', hidden: false, methods: ['Boleto', 'Credit card', 'PIX'], value: 'boleto' });
  await page.evaluate(() => { (document.getElementById('other') as any).value = 'pix'; });
  expect((await read()).value).toBe('pix');
  expect(await page.evaluate(() => (document.getElementById('other')!.shadowRoot!.querySelector('input[value="pix"]') as HTMLInputElement).checked)).toBe(true);
  await page.evaluate(() => document.getElementById('other')!.setAttribute('methods', 'pix'));
  expect(await read()).toEqual({ legend: 'Payment method', hidden: true, methods: ['PIX'], value: 'pix' });
  expect(await page.evaluate(() => (window as any).events)).toEqual([]);
});

test('axe-clean with each method chosen', async ({ enginePage: page }) => {
  expect(await engineAxeViolations(page)).toEqual([]);
  await page.shadow(HOST, 'input[value="card"]').click();
  expect(await engineAxeViolations(page)).toEqual([]);
});
