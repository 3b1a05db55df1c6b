// @engines chromium firefox
// The element's API in frame mode (issue 9), the same as inline: encrypt(), reset(),
// focus(field), checkValidity()/reportValidity(), disabled, form reset, lang and strings,
// validated --svc-* properties forwarded into the frame, and svc-error when the frame is gone.
import type { Page } from '@playwright/test';
import { PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, typeCard } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

type Element = HTMLElement & { encrypt(): Promise<{ hasErrors: boolean; errors: { code: string }[]; encryptedCard: object | null }>;
  reset(): void; focus(field?: string): void; checkValidity(): boolean; reportValidity(): boolean; strings: object; disabled: boolean };
const element = (page: Page) => page.locator('svc-card-form');

test('encrypt(), checkValidity(), reset() and the form value follow the frame', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  expect(await element(page).evaluate((el: Element) => el.checkValidity())).toBe(false);
  const bad = await element(page).evaluate((el: Element) => el.encrypt());
  expect(bad.hasErrors).toBe(true);
  expect(bad.errors.map((e) => e.code)).toContain('INVALID_NUMBER');
  await expect(cardFrame(page).getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await typeCard(cardFrame(page), PAID_CARD);
  await expect.poll(() => element(page).evaluate((el: Element) => el.checkValidity())).toBe(true);
  const good = await element(page).evaluate((el: Element) => el.encrypt());
  expect(good).toMatchObject({ hasErrors: false, errors: [] });
  const value = () => page.evaluate(() => new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'));
  expect(JSON.parse(String(await value()))).toEqual(good.encryptedCard);
  await element(page).evaluate((el: Element) => el.reset());
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('');
  expect(await value()).toBeNull();
  await expect.poll(() => element(page).evaluate((el: Element) => el.checkValidity())).toBe(false);
  // An edit after a token makes it stale: the form value goes.
  await typeCard(cardFrame(page), PAID_CARD);
  await element(page).evaluate((el: Element) => el.encrypt());
  await cardFrame(page).getByLabel(/^CVV/).press('Backspace');
  await expect.poll(value).toBeNull();
});

test('focus(field) and reportValidity() move the focus into the frame', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await element(page).evaluate((el: Element) => el.focus('expiry'));
  await expect(cardFrame(page).getByLabel(/^Expiry date/)).toBeFocused();
  await cardFrame(page).getByLabel('Name on card').pressSequentially(PAID_CARD.holder);
  expect(await element(page).evaluate((el: Element) => el.reportValidity())).toBe(false);
  await expect(cardFrame(page).getByLabel('Card number')).toBeFocused();
  await expect(cardFrame(page).getByLabel('Card number')).toHaveAccessibleDescription('Enter the card number.');
});

test('disabled, strings, lang and --svc-* properties reach the frame; url() does not', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await element(page).evaluate((el: Element) => {
    el.style.setProperty('--svc-color-border', 'rgb(200, 0, 0)');
    el.style.setProperty('--svc-color-background', 'url(https://attacker.example/x.png)');
    el.strings = { numberLabel: 'PAN' };
  });
  const number = cardFrame(page).getByLabel('PAN');
  await expect(number).toBeVisible();
  // Polled: the border colour has a short transition (issue 12's look), read mid-way it is a blend.
  await expect.poll(() => number.evaluate((input) => [getComputedStyle(input).borderTopColor, getComputedStyle(input).backgroundImage])).toEqual(['rgb(200, 0, 0)', 'none']);
  await element(page).evaluate((el: Element) => { el.disabled = true; });
  await expect(number).toBeDisabled();
  expect(await element(page).evaluate((el: Element) => el.checkValidity())).toBe(true); // a disabled control is not validated
  await element(page).evaluate((el: Element) => { el.disabled = false; el.lang = 'pt-BR'; el.strings = {}; });
  await expect(cardFrame(page).getByLabel('Número do cartão')).toBeEnabled();
  // The property, as inline: the frame's texts and the page's validationMessage follow.
  await expect.poll(() => element(page).evaluate((el: Element & { validationMessage: string }) => el.validationMessage)).toBe('Informe o número do cartão.');
  await element(page).evaluate((el: Element) => { el.lang = 'en'; });
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expect.poll(() => element(page).evaluate((el: Element & { validationMessage: string }) => el.validationMessage)).toBe('Enter the card number.');
});

test('a frame that never answers: svc-error FRAME_UNAVAILABLE, and encrypt() rejects with that code', async ({ page, demo }) => {
  await page.route(demo.frame.src, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const errors: string[] = [];
    (window as unknown as { errors: string[] }).errors = errors;
    document.addEventListener('svc-error', (e) => errors.push((e as CustomEvent).detail.code));
  });
  await page.goto(checkoutUrl(demo.url, 'en', 'frame'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { errors: string[] }).errors), { timeout: 30_000 }).toEqual(['FRAME_UNAVAILABLE']);
  const rejected = await element(page).evaluate((el: Element) => el.encrypt().then(() => 'resolved', (e) => e.code));
  expect(rejected).toBe('FRAME_UNAVAILABLE');
});

test('svc-focus and svc-blur name each field as the customer tabs through the frame, as inline', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await page.evaluate(() => {
    const log: string[] = ((window as unknown as { focusLog: string[] }).focusLog = []);
    for (const type of ['svc-focus', 'svc-blur']) {
      document.addEventListener(type, (event) => log.push(`${type}:${(event as CustomEvent<{ field: string }>).detail.field}`));
    }
  });
  await cardFrame(page).getByLabel('Card number').click();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => (window as unknown as { focusLog: string[] }).focusLog)).toEqual([
    'svc-focus:number', 'svc-blur:number', 'svc-focus:expiry', 'svc-blur:expiry', 'svc-focus:securityCode',
  ]);
});
