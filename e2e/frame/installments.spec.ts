// @engines chromium
// Issue 11 in frame mode (the demo's default), Chromium and Firefox ESR: an Elo card typed
// in the card frame, 3 installments and a CPF, pays in 3x with the CPF as the client's doc.
// The plans and the CPF are not card data: the element may show them on the page or in the
// frame, so both are searched. WebKitGTK pays the inline journey
// (e2e/demo/installments-journey.spec.ts), and 3x with a CPF chosen in the frame in
// e2e/frame/checkout-extras.spec.ts.
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { ELO_PAID_CARD, HOLDER_CPF } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

const API_KEY = `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`;

/** The first of the page and the card frame where `find` finds something. */
async function where(page: Page, find: (scope: Page | FrameLocator) => Locator): Promise<Locator> {
  for (const scope of [page, cardFrame(page)]) if (await find(scope).count()) return find(scope);
  throw new Error(`not on the page nor in the card frame: ${find(page)}`);
}

test('frame mode: Elo in 3 installments with a CPF pays 3x, the CPF is the client', async ({ page, demo }) => {
  await openFrameCheckout(page, demo, 'pt-BR');
  const ready = await page.evaluate(() => 'installments' in customElements.get('svc-card-form')!.prototype);
  // Shipped (issue 11): a regression fails here rather than skipping.
  expect(ready, 'the element has an installments property').toBe(true);
  const before = demo.sandbox.records.transactions.size;
  await typeCard(cardFrame(page), ELO_PAID_CARD, 'pt-BR'); // and HOLDER_CPF, in the frame or on the page
  const radio = await where(page, (scope) => scope.getByLabel(/^3x |^Parcelas/).first());
  if ((await radio.getAttribute('type')) === 'radio') await radio.check();
  else await radio.selectOption({ index: await radio.evaluate((select: HTMLSelectElement) => [...select.options].findIndex((o) => o.text.startsWith('3x'))) });
  await submit(page, 'pt-BR');
  expect(await finalOutcome(page)).toBe('paid');
  await expect(page.locator('#outcome')).toContainText(/3x de R\$\s43,30/);
  const [transaction] = [...demo.sandbox.records.transactions.values()].slice(before);
  expect(transaction).toMatchObject({ status: 'PAID', installments: 3, card: { brand: 'elo' } });
  const full = await (await fetch(`${demo.sandboxUrl}/v1/transaction/full?transactionId=${transaction!._id}`, { headers: { apiKey: API_KEY } })).json();
  expect(full.client).toMatchObject({ doc: HOLDER_CPF });
});
