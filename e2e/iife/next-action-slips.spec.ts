// @engines all
// handleNextAction (dist/svc-next-action.js) for PIX and boleto in every engine (issue 27): what
// POST /v1/charge/pay answered (the sandbox's own pixFor / boletoFor) shown in the page's
// container, pt-BR by default: the QR, the copy-paste code with a Copy button that says it
// copied, the time left and a waiting state the page ends; the boleto's line, due date and slip link.
import { boletoFor, pixFor } from '../../packages/sandbox/payment/bank-slips.js';
import type { ChargeDoc } from '../../packages/sandbox/store/tables.js';
import { expect, test } from '../support/engine-fixture.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

const STEP = '#step [data-svc-next-action]';
const today = new Date().toISOString().slice(0, 10);
const charge = { _id: '65f0c0ffee0000000000abcd', companyId: 'company_demo', amount: { value: 12990, currency: 'BRL' }, status: 'ACTIVE', dueDate: '2030-01-10', createdAt: '', updatedAt: '' } as unknown as ChargeDoc;

let server: StaticServer;
test.beforeAll(async () => {
  server = await startStaticServer(ROOT);
});
test.afterAll(async () => server.close());
test.beforeEach(async ({ enginePage: page }) => {
  await page.goto(`${server.url}/e2e/pages/next-action.html`);
});

test('PIX: QR, copy-paste code that copies, time left, waiting until the page says it was paid', async ({ enginePage: page }) => {
  const pix = await pixFor(charge);
  await page.evaluate((answer) => {
    const w = window as any;
    w.events = [];
    document.addEventListener('svc-next-action', (event) => w.events.push((event as CustomEvent).detail));
    w.outcome = w.svc.handleNextAction(answer, { container: document.getElementById('step'), paid: new Promise((resolve) => { w.pay = resolve; }) }).then((o: unknown) => (w.done = o));
  }, { charge: { _id: charge._id, slip: { paymentMethod: 'PIX', expiresOn: today } }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix });
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com PIX');
  expect(await page.shadow(STEP, 'img').attribute('alt')).toMatch(/^QR Code PIX/);
  expect(await page.shadow(STEP, 'img').attribute('src')).toBe(pix.qrCodeImage);
  expect(await page.shadow(STEP, 'input').value()).toBe(pix.brCode);
  await expect.poll(() => page.shadow(STEP, 'section').text()).toMatch(/Tempo restante: \d+ h \d\d min/);
  expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Aguardando o pagamento…');
  await page.shadow(STEP, 'button').click();
  await expect.poll(() => page.shadow(STEP, '.row + p[role="status"]').text()).toMatch(/^(Copiado!|Não foi possível copiar: selecione o código e copie\.)$/);
  if (page.engine === 'chromium') expect(await page.shadow(STEP, '.row + p[role="status"]').text()).toBe('Copiado!');
  expect(await page.evaluate(() => (window as any).done ?? null)).toBeNull();
  await page.evaluate(() => (window as any).pay());
  await expect.poll(() => page.evaluate(() => (window as any).done ?? null)).toEqual({ type: 'pix', status: 'PAID', chargeId: charge._id });
  expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Pagamento recebido.');
  expect(await page.evaluate(() => (window as any).events)).toEqual([{ type: 'pix', status: 'PAID', chargeId: charge._id }]);
});

test('boleto: digitable line with copy, due date, slip link; a check that answers true ends the wait', async ({ enginePage: page }) => {
  const boleto = { ...boletoFor(charge, today), url: `${server.url}/boleto/${charge._id}` };
  await page.evaluate((answer) => {
    const w = window as any;
    let asked = 0;
    w.outcome = w.svc.handleNextAction(answer, { lang: 'en', container: document.getElementById('step'), interval: 100, check: async () => ++asked >= 3 }).then((o: unknown) => (w.done = o));
  }, { charge: { _id: charge._id }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT', boleto });
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pay with boleto');
  expect(await page.shadow(STEP, 'input').value()).toBe(boleto.digitableLine);
  expect(await page.shadow(STEP, 'label').text()).toBe('Digitable line');
  expect(await page.shadow(STEP, 'time').text()).toBe('10/01/2030');
  expect(await page.shadow(STEP, 'a').attribute('href')).toBe(boleto.url);
  expect(await page.shadow(STEP, 'a').text()).toBe('Open the boleto');
  await expect.poll(() => page.evaluate(() => (window as any).done ?? null)).toEqual({ type: 'boleto', status: 'PAID', chargeId: charge._id });
  expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Payment received.');
});

// A status that is given the same text again is not read again: the second press of Copy must be
// heard too (the shopper pressed it because the first was missed, or copied over it meanwhile).
test('boleto: each press of Copy is said again: the status changes its text, the same words each time', async ({ enginePage: page }) => {
  const boleto = boletoFor(charge, today);
  await page.evaluate((answer) => {
    void (window as any).svc.handleNextAction(answer, { lang: 'en', container: document.getElementById('step'), paid: new Promise(() => {}) });
  }, { charge: { _id: charge._id }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT', boleto });
  const said = page.shadow(STEP, '.row + p[role="status"]');
  const copy = page.shadow(STEP, 'button');
  const words = /^(Copied!|Could not copy: select the code and copy it\.)\s*$/;
  const texts: string[] = [];
  for (let press = 0; press < 3; press++) {
    await copy.click();
    await expect.poll(async () => { const text = await said.evaluate((p: HTMLElement) => p.textContent ?? ''); return words.test(text) && text !== texts.at(-1); }, { message: `press ${press + 1} changes the status text (was ${JSON.stringify(texts.at(-1))})` }).toBe(true);
    texts.push(await said.evaluate((p: HTMLElement) => p.textContent ?? ''));
  }
  expect(new Set(texts.map((text) => text.trim())).size).toBe(1); // the same words: only the text a reader compares changed
});

test('an answer that asks for nothing resolves at once with its status', async ({ enginePage: page }) => {
  expect(await page.evaluate(() => (window as any).svc.handleNextAction({ _id: 'x', status: 'PAID' }))).toEqual({ type: 'none', status: 'PAID' });
});

// 200% zoom on a 320 px phone leaves a container of about 140 CSS px: the panel reflows into it
// (WCAG 1.4.10), no part of it beside or past it. Measured boxes, the container narrowed in place.
for (const method of ['pix', 'boleto'] as const) {
  test(`${method}: in a container 140 px wide (200% zoom on a 320 px phone) every part of the panel stays inside it`, async ({ enginePage: page }) => {
    const answer = method === 'pix'
      ? { charge: { _id: charge._id, slip: { paymentMethod: 'PIX', expiresOn: today } }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix: await pixFor(charge) }
      : { charge: { _id: charge._id }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT', boleto: { ...boletoFor(charge, today), url: `${server.url}/boleto/${charge._id}` } };
    await page.evaluate((body) => {
      document.getElementById('step')!.style.width = '140px';
      void (window as any).svc.handleNextAction(body, { container: document.getElementById('step'), paid: new Promise(() => {}) });
    }, answer);
    await expect.poll(() => page.evaluate((host) => !!document.querySelector(host)?.shadowRoot?.querySelector('section'), STEP)).toBe(true);
    const outside = await page.evaluate((host) => {
      const step = document.getElementById('step')!.getBoundingClientRect();
      return [...document.querySelector(host)!.shadowRoot!.querySelectorAll('section *')].flatMap((node) => {
        const box = node.getBoundingClientRect();
        return box.width && (box.left < step.left - 0.5 || box.right > step.right + 0.5) ? [`${node.localName}: ${Math.round(box.left - step.left)} to ${Math.round(box.right - step.left)} of 0 to ${Math.round(step.width)}`] : [];
      });
    }, STEP);
    expect(outside).toEqual([]);
  });
}
