// @engines chromium firefox
// Issue 12, "a form that holds still while paying", on the demo with a slow payment (its
// POST /api/pay held back by the test), in the inline mode and the frame mode, Chromium and
// Firefox ESR. Defect 6: a digit deleted while paying still ended "approved" for the old card;
// defect 7: the decline said "recusado" twice and left the focus on <body>, the error summary
// stayed after every field was fixed, the success gave no reference.
import type { FrameLocator, Page } from '@playwright/test';
import { DECLINED_CARD, HOLDER_CPF, LUHN_FAILING_NUMBER, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard, type CheckoutLang, type Isolation } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';
import type { Demo } from '../../demo/start-demo.mjs';

const FIELDS = ['holder', 'number', 'expiry', 'securityCode'];

/** Where the card fields are: the page (inline, through the shadow root) or the card frame. */
const fieldsOf = (page: Page, mode: Isolation): Page | FrameLocator => (mode === 'frame' ? cardFrame(page) : page);

async function open(page: Page, demo: Demo, mode: Isolation, lang: CheckoutLang = 'en'): Promise<void> {
  if (mode === 'frame') await openFrameCheckout(page, demo, lang);
  else await page.goto(checkoutUrl(demo.url, lang, 'inline'));
}

/** The id of the focused card field, through the shadow root (and the frame), or ''. */
const focusedField = (page: Page, mode: Isolation) => fieldsOf(page, mode).locator('svc-card-form').evaluate((host) => {
  const active = host.shadowRoot?.activeElement;
  return active && host.ownerDocument.hasFocus() ? active.id : '';
});

for (const mode of ['inline', 'frame'] as const) {
  test.describe(`${mode} mode`, () => {
    test('a slow payment: fields read-only and busy, the button says Processing, an edit or a second click changes nothing, the card shown is the card paid', async ({ page, demo }) => {
      let release!: () => void;
      const answered = new Promise<void>((resolve) => (release = resolve));
      let payments = 0;
      await page.route('**/api/pay', async (route) => {
        payments++;
        await answered;
        await route.continue();
      });
      await open(page, demo, mode);
      const fields = fieldsOf(page, mode);
      await typeCard(fields, PAID_CARD);
      const before = demo.sandbox.records.transactions.size;
      await submit(page);
      await expect.poll(() => payments).toBe(1);
      for (const id of FIELDS) await expect(fields.locator(`#${id}`)).toHaveJSProperty('readOnly', true);
      await expect(fields.locator('[part="group"]')).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('button', { name: 'Processing…' })).toBeVisible();
      // The customer deletes a digit while paying (defect 6): nothing changes.
      await fields.locator('#number').click();
      await fields.locator('#number').press('End');
      await fields.locator('#number').press('Backspace');
      await expect(fields.locator('#number')).toHaveValue(PAID_CARD.number);
      await page.locator('#pay').click(); // a second click while paying
      release();
      expect(await finalOutcome(page)).toBe('paid');
      expect(payments).toBe(1);
      const made = [...demo.sandbox.records.transactions.values()].slice(before);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ card: { last4: PAID_NUMBER.slice(-4) } });
      // The success names its reference (defect 7).
      await expect(page.locator('#outcome .reference')).toContainText(`Payment reference: ${(made[0] as { _id: string })._id}`);
    });

    test('a decline: the reason once, in Portuguese, beside Pay (issue 39), the fields editable again', async ({ page, demo }) => {
      await open(page, demo, mode, 'pt-BR');
      const fields = fieldsOf(page, mode);
      await typeCard(fields, DECLINED_CARD, 'pt-BR');
      await submit(page, 'pt-BR');
      expect(await finalOutcome(page)).toBe('declined');
      await expect(page.locator('#pay-outcome')).toContainText('Pagamento recusado pelo banco emissor.');
      await expect(fields.locator('#number-error')).toHaveText('');
      expect(await page.locator('#outcome').textContent()).toBe('');
      await expect(page.locator('#pay')).toBeFocused();
      for (const id of FIELDS) await expect(fields.locator(`#${id}`)).toHaveJSProperty('readOnly', false);
      await expect(page.getByRole('button', { name: /^Pagar R\$/ })).toBeVisible();
      await page.getByRole('button', { name: 'Tentar outro cartão' }).click();
      await expect.poll(() => focusedField(page, mode)).toBe('number');
    });

    test('no error summary above Pay (issue 27): the element announces the count, each field its error, gone when fixed', async ({ page, demo }) => {
      await open(page, demo, mode);
      const fields = fieldsOf(page, mode);
      await fields.getByLabel('Name on card').pressSequentially('MARIA DA SILVA');
      await fields.getByLabel('Card number').pressSequentially(LUHN_FAILING_NUMBER);
      await submit(page);
      // Number, expiry, code and the holder's CPF (the demo asks it, issue 11).
      await expect(fields.locator('svc-card-form [role="status"]')).toHaveText('Fix the highlighted fields: 4.');
      await expect(page.locator('#summary')).toHaveCount(0);
      await fields.getByLabel('Card number').fill('');
      await fields.getByLabel('Card number').pressSequentially(PAID_NUMBER);
      await expect(fields.locator('#number')).toHaveAttribute('aria-invalid', 'false');
      await fields.getByLabel(/^Expiry date/).pressSequentially(`${PAID_CARD.expMonth}${PAID_CARD.expYear.slice(-2)}`);
      await fields.getByLabel(/^CVV/).pressSequentially('123');
      await fields.getByLabel(/CPF/).pressSequentially(HOLDER_CPF);
      for (const id of ['number', 'expiry', 'securityCode', 'holderDocument']) await expect(fields.locator(`#${id}`)).toHaveAttribute('aria-invalid', 'false');
    });
  });
}
