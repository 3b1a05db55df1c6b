// @engines all
// handleNextAction (dist/svc-next-action.js) for PIX and boleto in every engine (issue 27): what
// POST /v1/charge/pay answered (the sandbox's own pixFor, a dynamic BR Code without field 54, / boletoFor) shown in the page's
// container, pt-BR by default: the QR, the copy-paste code with a Copy button that says it
// copied, the time left and a waiting state the page ends; the boleto's line, due date and slip link.
// Issue 40: a boleto with PIX (bolepix) is the boleto's panel with the PIX's Copy first, then the line.
// Issue 39, at 390x844 and 1280x800: PIX copy first on a phone (amount, payee, a full-width Copy,
// three steps, the QR folded), the QR first and open on a wide screen; the bank's expiry or
// cancellation told with the next step; the boleto's amount, beneficiary, payer, its line grouped
// and wholly visible, its barcode (dist/svc-boleto-barcode.js, loaded by the test page) and print.
import { boletoFor, pixFor } from '../../packages/sandbox/payment/bank-slips.js';
import type { ChargeDoc } from '../../packages/sandbox/store/tables.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

const STEP = '#step [data-svc-next-action]';
const COPY_STATUS = 'button.primary + p[role="status"]';
const PHONE = { width: 390, height: 844 }, DESKTOP = { width: 1280, height: 800 };
const today = new Date().toISOString().slice(0, 10);
// A PIX as the sandbox issues it: the bank takes it until the end of the day after (UTC), so at any
// hour the test runs 24 to 48 hours are left (a PIX due today, run at 23:31, had 28 minutes).
const pixExpiresOn = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
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
  const pix = await pixFor(charge, 'localhost:4010', new Date());
  await page.evaluate((answer) => {
    const w = window as any;
    w.events = [];
    document.addEventListener('svc-next-action', (event) => w.events.push((event as CustomEvent).detail));
    w.outcome = w.svc.handleNextAction(answer, { container: document.getElementById('step'), paid: new Promise((resolve) => { w.pay = resolve; }) }).then((o: unknown) => (w.done = o));
  }, { charge: { _id: charge._id, slip: { paymentMethod: 'PIX', expiresOn: pixExpiresOn() } }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix });
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com PIX');
  expect(await page.shadow(STEP, 'img').attribute('alt')).toMatch(/^QR Code PIX/);
  expect(await page.shadow(STEP, 'img').attribute('src')).toBe(pix.qrCodeImage);
  expect(await page.shadow(STEP, 'input').value()).toBe(pix.brCode);
  await expect.poll(() => page.shadow(STEP, 'section').text()).toMatch(/Tempo restante: 1 d \d+ h/);
  expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe('Aguardando o pagamento…');
  await page.shadow(STEP, 'button.primary').click();
  await expect.poll(() => page.shadow(STEP, COPY_STATUS).text()).toMatch(/^(Copiado!|Não foi possível copiar: selecione o código e copie\.)$/);
  if (page.engine === 'chromium') expect(await page.shadow(STEP, COPY_STATUS).text()).toBe('Copiado!');
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
  expect((await page.shadow(STEP, '.line').text()).replace(/\D/g, '')).toBe(boleto.digitableLine);
  expect(await page.shadow(STEP, '#line-label').text()).toBe('Digitable line');
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
  const said = page.shadow(STEP, COPY_STATUS);
  const copy = page.shadow(STEP, 'button.primary');
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
      ? { charge: { _id: charge._id, slip: { paymentMethod: 'PIX', expiresOn: pixExpiresOn() } }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix: await pixFor(charge, 'localhost:4010', new Date()) }
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

/** The panel's parts in the order they are on screen (top to bottom), with their boxes. */
const parts = (page: EnginePage) => page.evaluate((host) => {
  const root = document.querySelector(host)!.shadowRoot!;
  const section = root.querySelector('section')!.getBoundingClientRect();
  return { section: { left: section.left, width: section.width }, items: [...root.querySelectorAll('section > *')].map((node) => {
    const box = node.getBoundingClientRect();
    return { name: node.localName + (node.className && typeof node.className === 'string' ? `.${node.className}` : ''), top: box.top, left: box.left, width: box.width, height: box.height, open: (node as HTMLDetailsElement).open ?? null };
  }).filter((item) => item.height > 0) };
}, STEP);

const pixAnswer = async () => ({ charge: { _id: charge._id, slip: { paymentMethod: 'PIX', expiresOn: pixExpiresOn() } }, paymentMethod: 'PIX', status: 'PENDING_PAYMENT', pix: await pixFor(charge, 'localhost:4010', new Date()) });

test('PIX at 390x844: amount, payee, a full-width Copy PIX code of 44 px or more, three steps, then the code; the QR folded under them', async ({ enginePage: page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/e2e/pages/next-action.html`);
  await page.evaluate((answer) => void (window as any).svc.handleNextAction(answer, { container: document.getElementById('step'), paid: new Promise(() => {}) }), await pixAnswer());
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com PIX');
  const { section, items } = await parts(page);
  expect(items.map((item) => item.name)).toEqual(['h2', 'dl', 'button.primary', 'ol', 'label', 'input', 'details', 'p', 'p']);
  const copy = items.find((item) => item.name === 'button.primary')!;
  expect(copy.width).toBeGreaterThan(section.width - 1);
  expect(copy.height).toBeGreaterThanOrEqual(44);
  expect(copy.top + copy.height).toBeLessThan(PHONE.height); // on the first screen
  expect(items.find((item) => item.name === 'details')!.open).toBe(false);
  expect(await page.shadow(STEP, 'button.primary').text()).toBe('Copiar código PIX');
  expect((await page.shadow(STEP, 'dl').text()).replace(/\s+/g, ' ')).toMatch(/^Valor ?R\$ 129,90 ?Recebedor ?SVC SANDBOX$/);
  expect(await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('ol li')].map((li) => li.textContent), STEP)).toHaveLength(3);
  const summary = await page.evaluate((host) => document.querySelector(host)!.shadowRoot!.querySelector('summary')!.getBoundingClientRect().height, STEP);
  expect(summary).toBeGreaterThanOrEqual(44);
  // The QR unfolds on demand.
  await page.shadow(STEP, 'summary').click();
  await expect.poll(() => page.evaluate((host) => (document.querySelector(host)!.shadowRoot!.querySelector('img') as HTMLImageElement).getBoundingClientRect().height, STEP)).toBeGreaterThan(100);
});

test('PIX at 1280x800: the QR first and open, then the amount and Copy', async ({ enginePage: page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.url}/e2e/pages/next-action.html`);
  await page.evaluate((answer) => void (window as any).svc.handleNextAction(answer, { container: document.getElementById('step'), paid: new Promise(() => {}) }), await pixAnswer());
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com PIX');
  const { items } = await parts(page);
  expect(items.slice(0, 4).map((item) => item.name)).toEqual(['h2', 'details', 'dl', 'button.primary']);
  expect(items[1]!.open).toBe(true);
  await expect.poll(() => page.evaluate((host) => (document.querySelector(host)!.shadowRoot!.querySelector('img') as HTMLImageElement).getBoundingClientRect().height, STEP)).toBeGreaterThan(100);
});

for (const [said, status, text] of [['EXPIRED', 'EXPIRED', 'Este código expirou. Escolha como pagar de novo.'], ['CANCELED', 'CANCELED', 'O banco cancelou este código. Escolha como pagar de novo.']] as const) {
  test(`PIX: the page's check answers ${said} (the bank's): the wait ends, the code and Copy go, the text says what to do next`, async ({ enginePage: page }) => {
    await page.evaluate(({ answer, end }) => {
      const w = window as any;
      let asked = 0;
      w.outcome = w.svc.handleNextAction(answer, { container: document.getElementById('step'), interval: 100, check: async () => (++asked >= 2 ? end : false) }).then((o: unknown) => (w.done = o));
    }, { answer: await pixAnswer(), end: said });
    await expect.poll(() => page.evaluate(() => (window as any).done ?? null)).toEqual({ type: 'pix', status, chargeId: charge._id });
    expect(await page.shadow(STEP, 'section > p[role="status"]:last-child').text()).toBe(text);
    const { items } = await parts(page);
    expect(items.map((item) => item.name)).toEqual(['h2', 'p']);
  });
}

for (const size of [PHONE, DESKTOP]) {
  test(`boleto at ${size.width}x${size.height}: amount, beneficiary, payer, due date; the line grouped as printed and wholly visible; Copy; the barcode; print`, async ({ enginePage: page }) => {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/e2e/pages/next-action.html`);
    const boleto = boletoFor(charge, today, { name: 'Maria da Silva', taxId: '52998224725' });
    await page.evaluate((answer) => {
      (window as any).printed = 0;
      window.print = () => void (window as any).printed++;
      void (window as any).svc.handleNextAction(answer, { container: document.getElementById('step'), paid: new Promise(() => {}) });
    }, { charge: { _id: charge._id }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT', boleto });
    await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com boleto');
    const rows = await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`.replace(/\s/g, ' ')), STEP);
    expect(rows).toEqual(['Valor: R$ 129,90', 'Beneficiário: SVC SANDBOX (12.345.678/0001-95)', 'Pagador: Maria da Silva (529.982.247-25)', 'Vencimento: 10/01/2030']);
    const line = boleto.digitableLine;
    expect(await page.shadow(STEP, '.line').text()).toBe(`${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`);
    // Wholly visible: the line's text overflows nothing (it wraps between groups on a phone) and stays in the panel.
    const fit = await page.evaluate((host) => {
      const root = document.querySelector(host)!.shadowRoot!;
      const p = root.querySelector('.line')!, section = root.querySelector('section')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(p);
      const text = range.getBoundingClientRect();
      return { overflow: p.scrollWidth - p.clientWidth, inside: text.left >= section.left - 0.5 && text.right <= section.right + 0.5, lines: Math.round(text.height / parseFloat(getComputedStyle(p).lineHeight)) };
    }, STEP);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.inside).toBe(true);
    if (size === PHONE) expect(fit.lines).toBeGreaterThan(1);
    // The barcode drawn from the 44-digit code: an SVG as wide as the panel (at most 103 mm), bars in it.
    const bars = await page.evaluate((host) => {
      const svg = document.querySelector(host)!.shadowRoot!.querySelector('svg')!;
      return { code: svg.getAttribute('data-barcode'), width: svg.getBoundingClientRect().width, height: svg.getBoundingClientRect().height, rects: (svg.querySelector('path')!.getAttribute('d')!.match(/M/g) ?? []).length };
    }, STEP);
    expect(bars.code).toBe(boleto.barcode);
    expect(bars.rects).toBe(2 + 44 / 2 * 5 + 2);
    expect(bars.width).toBeGreaterThan(200);
    expect(bars.height).toBeGreaterThan(25);
    const buttons = await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('button')].map((b) => ({ text: b.textContent, height: b.getBoundingClientRect().height })), STEP);
    expect(buttons.map((b) => b.text)).toEqual(['Copiar linha digitável', 'Imprimir ou salvar em PDF']);
    for (const button of buttons) expect(button.height).toBeGreaterThanOrEqual(44);
    await page.shadow(STEP, 'button:not(.primary)').click();
    await expect.poll(() => page.evaluate(() => (window as any).printed)).toBe(1);
  });
}

// Issue 40 item 4: a boleto that carries a PIX (bolepix; the sandbox's BOLETO answer has both `boleto` and `pix`).
const bolepixAnswer = async () => {
  const boleto = boletoFor(charge, today, { name: 'Maria da Silva', taxId: '52998224725' });
  return { charge: { _id: charge._id, slip: { paymentMethod: 'BOLETO', expiresOn: boleto.dueDate } }, paymentMethod: 'BOLETO', status: 'PENDING_PAYMENT', boleto, pix: await pixFor(charge, 'localhost:4010', new Date(), boleto.dueDate) };
};

for (const size of [PHONE, DESKTOP]) {
  test(`boleto with PIX at ${size.width}x${size.height}: the boleto's panel, its PIX copy first (full width, on the first screen), then the line with its Copy; paid as the boleto`, async ({ enginePage: page }) => {
    await page.setViewportSize(size);
    await page.goto(`${server.url}/e2e/pages/next-action.html`);
    const answer = await bolepixAnswer();
    await page.evaluate((body) => {
      const w = window as any;
      w.outcome = w.svc.handleNextAction(body, { container: document.getElementById('step'), paid: new Promise((resolve) => { w.pay = resolve; }) }).then((o: unknown) => (w.done = o));
    }, answer);
    await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Pague com boleto');
    const { section, items } = await parts(page);
    const names = items.map((item) => item.name);
    // The QR folded under the PIX's code on a phone, first and open on a wide screen, as the PIX panel.
    expect(names.slice(0, 3)).toEqual(size === PHONE ? ['h2', 'dl', 'button.primary'] : ['h2', 'details', 'dl']);
    expect(items.find((item) => item.name === 'details')!.open).toBe(size !== PHONE);
    const [copyPix, copyLine] = items.filter((item) => item.name === 'button.primary');
    expect(await page.evaluate((host) => [...document.querySelector(host)!.shadowRoot!.querySelectorAll('button.primary')].map((b) => b.textContent), STEP)).toEqual(['Copiar código PIX', 'Copiar linha digitável']);
    expect(copyPix!.width).toBeGreaterThan(section.width - 1);
    expect(copyPix!.height).toBeGreaterThanOrEqual(44);
    if (size === PHONE) expect(copyPix!.top + copyPix!.height).toBeLessThan(PHONE.height);
    expect(copyLine!.top).toBeGreaterThan(items.find((item) => item.name === 'input')!.top);
    expect(names.indexOf('p.line')).toBeGreaterThan(names.indexOf('input'));
    expect(await page.shadow(STEP, 'input').value()).toBe(answer.pix.brCode);
    expect((await page.shadow(STEP, '.line').text()).replace(/\D/g, '')).toBe(answer.boleto.digitableLine);
    // Copy PIX code, the section's first button, says it copied under it.
    await page.shadow(STEP, 'section > button.primary:first-of-type').click();
    await expect.poll(() => page.shadow(STEP, 'section > button.primary:first-of-type + p[role="status"]').text()).toMatch(/^(Copiado!|Não foi possível copiar: selecione o código e copie\.)$/);
    await page.evaluate(() => (window as any).pay());
    await expect.poll(() => page.evaluate(() => (window as any).done ?? null)).toEqual({ type: 'boleto', status: 'PAID', chargeId: charge._id });
  });
}
