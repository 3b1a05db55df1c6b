// @engines all
// Issue 11's extras in frame mode, in every engine: the plans, the amount and the
// holder-document flag reach the card frame (a second site), 3x and a CPF chosen in it come back
// beside the token: the merchant page's form entries and svc-encrypted's detail are the inline
// element's; bad plans are told on the merchant page; axe (page and frame) stays at zero.
// (Once with a WebKitGTK twin, webkit-extras.)
import { engineAxeViolations } from '../support/axe.js';
import { PAID_CARD } from '../support/cards.mjs';
import { collapseText, type EngineFrame, type EnginePage } from '../support/engine-page.js';
import { typeCard } from '../support/checkout.js';
import { extrasServers } from '../support/frame-host.js';
import { expect, test } from '../support/engine-fixture.js';
import { inCard } from './engine-checkout.js';

// As a merchant's server gives them (svc-card/server's plansWithRates): the 12x plan carries its monthly rate and CET.
const PLANS = [{ installment: 1 }, { installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2, monthlyRate: 1.76, cet: 23.23 }];
type Seen = { events: { type: string; detail: Record<string, unknown> }[]; submits: Record<string, string>[] };

const servers = extrasServers(); // the merchant page on 127.0.0.1, the card frame on localhost (another site)
test.beforeAll(servers.start);
test.afterAll(servers.stop);

async function open(page: EnginePage, plans: unknown = PLANS): Promise<void> {
  await page.goto(servers.page(plans));
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: Seen }).seen.events.some((e) => e.type === 'svc-ready'))).toBe(true);
}
const seen = (page: EnginePage) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

test('3x and a CPF chosen in the frame give the inline form entries and detail; axe clean', async ({ enginePage: page }) => {
  await open(page);
  // The choice as the select reports it (a click in WebKitGTK opens GTK's native popup menu).
  const choose = (frame: EngineFrame, value: string) => frame.byLabel('Parcelas').evaluate((element: HTMLSelectElement, chosen: string) => {
    element.value = chosen;
    element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
  await inCard(page, async (frame) => {
    const select = frame.byLabel('Parcelas');
    await expect.poll(() => select.value()).toBe('1');
    const options = await select.evaluate((element: HTMLSelectElement) => [...element.options].map((option) => option.textContent));
    expect(options.map(collapseText)).toEqual([
      // Issue 39: the chosen option the installments alone, the others whole (total; with interest, the monthly rate and CET).
      expect.stringMatching(/^1x de R\$\s129,90$/), expect.stringMatching(/^3x de R\$\s43,30 sem juros, total R\$\s129,90$/),
      expect.stringMatching(/^12x de R\$\s12,10 com juros, total R\$\s145,20, 1,76% a\.m\., CET 23,23% a\.a\.$/),
    ]);
    await choose(frame, '12');
  });
  // The plan chosen in the frame reaches the merchant page in svc-change (issue 27: its total follows); read on the page, outside the frame.
  const lastPlan = async () => (await seen(page)).events.filter((e) => e.type === 'svc-change').at(-1)?.detail.plan;
  await expect.poll(lastPlan).toEqual({ installments: 12, installmentCents: 1210, firstCents: 1210, totalCents: 14520, interestFree: false, monthlyRate: 1.76, cet: 23.23 });
  await inCard(page, async (frame) => {
    await typeCard(frame, PAID_CARD, 'pt-BR'); // and the CPF, wherever the form shows that field
    await expect.poll(() => frame.byLabel('CPF ou CNPJ do titular').value()).toBe('529.982.247-25');
    await choose(frame, '3');
    await expect.poll(() => frame.byLabel('Parcelas').value()).toBe('3');
    expect(await engineAxeViolations(frame)).toEqual([]);
  });
  expect(await engineAxeViolations(page)).toEqual([]);

  await page.locator('#pay').click();
  await expect.poll(async () => (await seen(page)).submits.length).toBe(1);
  const { submits, events } = await seen(page);
  expect(Object.keys(submits[0]!).sort()).toEqual(['card', 'card.holderDocument', 'card.installments']);
  expect(submits[0]).toMatchObject({ 'card.installments': '3', 'card.holderDocument': '52998224725' });
  const token = JSON.parse(submits[0]!.card!);
  expect(Object.keys(token)).toEqual(['keyId', 'encryptedKey', 'iv', 'ciphertext', 'authTag']);
  const encrypted = events.filter((e) => e.type === 'svc-encrypted').map((e) => e.detail);
  expect(encrypted).toEqual([{ encryptedCard: token, brand: 'visa', last4: PAID_CARD.number.slice(-4), installments: 3, holderDocument: '52998224725' }]);
});

test('bad plans: svc-error INVALID_INSTALLMENTS naming the member on the merchant page, no control in the frame', async ({ enginePage: page }) => {
  await open(page, [{ installment: 3 }, { installment: 13 }]);
  const errors = (await seen(page)).events.filter((e) => e.type === 'svc-error').map((e) => e.detail);
  expect(errors).toEqual([{ code: 'INVALID_INSTALLMENTS', errors: [],
    message: '<svc-card-form> installments: "installments[1].installment" expected a whole number from 1 to 12, got 13' }]);
  await inCard(page, async (frame) => {
    await expect.poll(() => frame.byLabel('CPF ou CNPJ do titular').isVisible()).toBe(true);
    expect(await frame.byLabel('Parcelas').count()).toBe(0);
  });
});
