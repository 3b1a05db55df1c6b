// @engines all
// Frame mode end to end (issue 9), in every engine: a customer types a test card (and the
// holder's CPF, which the demo asks) into the card frame and pays; the frame shows what was
// typed, formatted; the token the page got decrypts, with the demo key the frame's JWKS came
// from, to what was typed, and it is the form's whole value. And the inline mode
// (?isolation=inline) still pays on the same demo. (Once a WebKitGTK twin, webkit-journey.)
import type { Demo } from '../../demo/start-demo.mjs';
import { EXPIRY_SHOWN, PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

type Detail = { encryptedCard: object; brand: string; last4: string };

test('frame mode: type, pay, and the token decrypts on the service to what was typed', async ({ enginePage: page }) => {
  await openFrameCheckoutAt(page, demo.url);
  await page.evaluate(() => document.addEventListener('svc-encrypted', (e) => ((window as unknown as { detail: unknown }).detail = (e as CustomEvent).detail), { once: true }));
  await inCard(page, async (frame) => {
    await typeCard(frame, PAID_CARD);
    expect(await frame.evaluate(() => [...document.querySelector('svc-card-form')!.shadowRoot!.querySelectorAll('input')].map((input) => input.value)))
      .toEqual([PAID_CARD.number, EXPIRY_SHOWN, PAID_CARD.securityCode, PAID_CARD.holder, '529.982.247-25']); // in the form's order (issue 27)
  });
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const detail = (await page.evaluate(() => (window as unknown as { detail: unknown }).detail)) as Detail;
  expect(detail).toMatchObject({ brand: 'visa', last4: '1111' });
  const decryptor = await (await serverModule()).createDecryptor({ keys: { [demo.keys.keyId]: demo.keys.privateKeyPem } });
  expect((await decryptor.decrypt(detail.encryptedCard)).paymentProfile).toEqual(PAID_PROFILE);
  // The form value is the token and nothing else.
  const formValue = await page.evaluate(() => String(new FormData(document.getElementById('checkout') as HTMLFormElement).get('card')));
  expect(JSON.parse(formValue)).toEqual(detail.encryptedCard);
});

test('?isolation=inline keeps the inline element on the same demo, and it pays', async ({ enginePage: page }) => {
  await page.goto(checkoutUrl(demo.url, 'en', 'inline'));
  await expect.poll(() => page.evaluate(() => !!document.querySelector('svc-card-form')?.shadowRoot?.querySelector('input'))).toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll('svc-card-form iframe').length + (document.querySelector('svc-card-form')?.shadowRoot?.querySelectorAll('iframe').length ?? 0))).toBe(0);
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});
