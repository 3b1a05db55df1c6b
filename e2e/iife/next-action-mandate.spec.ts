// @engines all
// The PIX Automático authorisation (issue 40 item 3) in every engine: dist/svc-next-action.js hands
// the sandbox's mandate answer (POST /sandbox/v1/mandates, a code made by the sandbox's own
// recurrenceBrCode) to dist/svc-mandate.js, loaded by the page. At 390x844 copy first (the plan's
// facts, a full-width Copy of 44 px or more on the first screen, three steps, the code, the QR folded);
// at 1280x800 the QR first and open; the page's check ends the wait and the outcome is told with its
// next step, the code gone.
import { recurrenceBrCode } from '../../packages/sandbox/payment/pix.js';
import { SANDBOX_PIX } from '../../packages/sandbox/payment/bank-slips.js';
import { expect, test } from '../support/engine-fixture.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

const STEP = '#step [data-svc-next-action]';
const PHONE = { width: 390, height: 844 }, DESKTOP = { width: 1280, height: 800 };
const answer = {
  mandate: { _id: '65f0c0ffee0000000000abcd', status: 'PENDING', journey: 2, amount: 2990, periodicity: 'MENSAL', startDate: '2999-02-01', expiresOn: '2999-01-02' },
  code: { brCode: recurrenceBrCode({ recurrenceLocation: 'localhost:4010/sandbox/v1/rec/65f0c0ffee0000000000abcd', merchantName: SANDBOX_PIX.merchantName, merchantCity: SANDBOX_PIX.merchantCity }), qrCodeImage: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==' },
};

let server: StaticServer;
test.beforeAll(async () => { server = await startStaticServer(ROOT); });
test.afterAll(async () => server.close());

/** The panel's children in order (name, box, details open), from the shadow root. */
const parts = (page: any) => page.evaluate((host: string) => {
  const section = document.querySelector(host)!.shadowRoot!.querySelector('section')!;
  const width = section.getBoundingClientRect().width;
  return { width, items: [...section.children].map((node) => ({ name: node.localName + (node.className ? `.${node.className}` : ''), top: node.getBoundingClientRect().top, width: node.getBoundingClientRect().width, height: node.getBoundingClientRect().height, open: (node as HTMLDetailsElement).open ?? null })).filter((item) => item.height > 0) };
}, STEP);

test('at 390x844: the plan\'s facts, a full-width Copy on the first screen, three steps, the code, the QR folded; approved, told with its next step', async ({ enginePage: page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/e2e/pages/mandate.html`);
  await page.evaluate((given) => {
    const w = window as any;
    w.status = 'PENDING';
    w.outcome = w.svc.handleNextAction(given, { container: document.getElementById('step'), interval: 100, check: async () => w.status }).then((o: unknown) => (w.done = o));
  }, answer);
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Autorize o PIX Automático');
  const { width, items } = await parts(page);
  expect(items.map((item: { name: string }) => item.name)).toEqual(['h2', 'dl', 'button.primary', 'ol', 'label', 'input', 'details', 'p', 'p']);
  const copy = items.find((item: { name: string }) => item.name === 'button.primary')!;
  expect(copy.width).toBeGreaterThan(width - 1);
  expect(copy.height).toBeGreaterThanOrEqual(44);
  expect(copy.top + copy.height).toBeLessThan(PHONE.height);
  expect(items.find((item: { name: string }) => item.name === 'details')!.open).toBe(false);
  expect(await page.shadow(STEP, 'button.primary').text()).toBe('Copiar código PIX Automático');
  expect((await page.shadow(STEP, 'dl').text()).replace(/\s+/g, ' ')).toMatch(/^Valor de cada cobrança ?R\$ 29,90 ?Frequência ?Mensal ?Primeiro débito ?01\/02\/2999 ?Recebedor ?SVC SANDBOX$/);
  expect(await page.shadow(STEP, 'p[role="status"]:last-child').text()).toBe('Aguardando a autorização no app do banco…');
  await page.evaluate(() => void ((window as any).status = 'ACTIVE'));
  await expect.poll(() => page.evaluate(() => (window as any).done ?? null)).toEqual({ type: 'mandate', status: 'ACTIVE', mandateId: '65f0c0ffee0000000000abcd' });
  expect(await page.shadow(STEP, 'p[role="status"]:last-child').text()).toMatch(/^PIX Automático autorizado: cada cobrança será debitada no vencimento/);
  expect((await parts(page)).items.map((item: { name: string }) => item.name)).toEqual(['h2', 'p']);
});

test('at 1280x800: the QR first and open; rejected, told with its next step', async ({ enginePage: page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${server.url}/e2e/pages/mandate.html`);
  await page.evaluate((given) => {
    const w = window as any;
    w.status = 'PENDING';
    w.svc.handleNextAction(given, { lang: 'en', container: document.getElementById('step'), interval: 100, check: async () => w.status }).then((o: unknown) => (w.done = o));
  }, answer);
  await expect.poll(() => page.shadow(STEP, 'h2').text()).toBe('Authorise PIX Automático');
  const { items } = await parts(page);
  expect(items[1]).toMatchObject({ name: 'details', open: true });
  await page.evaluate(() => void ((window as any).status = 'REJECTED'));
  await expect.poll(() => page.evaluate(() => (window as any).done?.status ?? null)).toBe('REJECTED');
  expect(await page.shadow(STEP, 'p[role="status"]:last-child').text()).toBe('The authorisation was declined in your bank app. Ask for it again or choose another way to pay.');
});
