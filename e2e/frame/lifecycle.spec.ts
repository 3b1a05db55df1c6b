// Frame mode's lifecycle as a single-page app drives it: the element moved in the DOM (re-parented
// by a framework, a checkout step shown again) reloads its iframe, so the parent must take the
// new frame's port; removed for good, encrypt() must reject, never hang.
import type { Page } from '@playwright/test';
import { PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

type Element = HTMLElement & { encrypt(): Promise<{ hasErrors: boolean; encryptedCard: object | null }>; checkValidity(): boolean };
const element = (page: Page) => page.locator('svc-card-form');
const formValue = (page: Page) => page.evaluate(() => new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'));
/** Counts svc-ready from now on (window.readies). */
const countReadies = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { readies: number };
  w.readies = 0;
  document.addEventListener('svc-ready', () => w.readies++);
});

test('moved in the DOM: svc-ready again, the typed card and its token gone, and the shopper types again and pays', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  // A token in the form value, not yet paid with (the demo pays on svc-encrypted: kept from it).
  await element(page).evaluate((el: Element) => {
    el.addEventListener('svc-encrypted', (event) => event.stopPropagation(), { once: true });
    return el.encrypt();
  });
  expect(await formValue(page)).not.toBeNull();
  await countReadies(page);
  // A framework re-parenting the element: out of the document, then back in its place.
  await element(page).evaluate((el) => {
    const [parent, next] = [el.parentNode!, el.nextSibling];
    el.remove();
    parent.insertBefore(el, next);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { readies: number }).readies)).toBe(1);
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('');
  expect(await formValue(page)).toBeNull();
  expect(await element(page).evaluate((el: Element) => el.checkValidity())).toBe(false);
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

test('removed and never put back: encrypt() rejects with FRAME_UNAVAILABLE, and one pending at removal too', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  const codes = await element(page).evaluate(async (el: Element) => {
    const code = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code?: string }) => error.code);
    const pending = code(el.encrypt());
    el.remove();
    return Promise.all([pending, code(el.encrypt())]);
  });
  expect(codes).toEqual(['FRAME_UNAVAILABLE', 'FRAME_UNAVAILABLE']);
});
