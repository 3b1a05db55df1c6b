// Keyboard only across the card frame (issue 9), for every engine through EnginePage: from the
// control before the card (the chosen payment method's radio), Tab goes number -> expiry -> code -> holder (issue 27) -> the holder's CPF ->
// Parcelas (the demo offers both, issue 11) -> Pay, Shift+Tab back to that control (no trap),
// then the card and the CPF are typed field by field (a complete number or expiry moves on by
// itself, issue 27: no Tab after them), each field on screen when the keys go to it (the
// page scrolls to it), and Enter in the CPF field submits. Used by keyboard-a11y.spec.ts (every engine).
import { expect } from '@playwright/test';
import { EXPIRY_TYPED, HOLDER_CPF, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import type { EnginePage } from '../support/engine-page.js';

/** The card typed key by key: number, expiry, code, holder; then the holder's CPF. */
export const TYPED = [PAID_NUMBER.replace(/\s/g, ''), EXPIRY_TYPED, PAID_CARD.securityCode, PAID_CARD.holder, HOLDER_CPF];

/**
 * Where the focus is: a field id inside the card frame (`frame:<id>`) when the page's focus is on
 * the card's iframe, else the id/class of the page's element. Read from the page's active element
 * first, not from document.hasFocus(): WebKitGTK under Xvfb reports hasFocus() false in every
 * document once WebDriver made its window narrower than 1024 px (the demo specs set 640), though
 * keys still go to the focused field.
 */
export async function focused(page: EnginePage): Promise<string> {
  const onPage = await page.evaluate(() => {
    const active = document.activeElement;
    if (active?.shadowRoot?.activeElement?.localName === 'iframe') return '';
    return active?.id || active?.className || active?.localName || '';
  });
  if (onPage) return onPage;
  const inFrame = await page.withinFrame('svc-card-form', 'iframe', (frame) =>
    frame.evaluate(() => document.querySelector('svc-card-form')!.shadowRoot!.activeElement?.id || ''));
  return `frame:${inFrame}`;
}

/**
 * How far the focused field inside the card frame lies outside the page's viewport, in CSS px
 * (0: wholly on screen). A shopper typing by keyboard must see the field the keys go to: the
 * browser scrolls the page to a field focused inside the cross-origin frame.
 */
export async function focusedFieldOffScreen(page: EnginePage): Promise<number> {
  const [top, bottom] = await page.withinFrame('svc-card-form', 'iframe', (frame) => frame.evaluate(() => {
    const box = document.querySelector('svc-card-form')!.shadowRoot!.activeElement!.getBoundingClientRect();
    return [box.top, box.bottom];
  }));
  const [frameTop, viewport] = await page.evaluate(() =>
    [document.querySelector('svc-card-form')!.shadowRoot!.querySelector('iframe')!.getBoundingClientRect().top, innerHeight]);
  return Math.max(0, -(frameTop + top), frameTop + bottom - viewport);
}

/**
 * Focuses the control just before the card: the chosen method's radio of the demo's payment
 * methods chooser (issue 27: card, PIX, boleto), whose focus the page reports as `methods`.
 */
export const focusBeforeCard = (page: EnginePage) => page.shadow('#methods', 'input:checked').focus();

/** The walk above, ending with Enter pressed in the CPF field (the caller waits for the outcome). */
export async function walkAndPayByKeyboard(page: EnginePage): Promise<void> {
  await focusBeforeCard(page);
  const forward = ['frame:number', 'frame:expiry', 'frame:securityCode', 'frame:holder', 'frame:holderDocument', 'frame:installments', 'pay'];
  for (const expected of forward) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }
  for (const expected of [...forward.slice(0, -1)].reverse().concat('methods')) {
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }
  for (const [i, text] of TYPED.entries()) {
    if (i !== 1 && i !== 2) await page.keyboard.press('Tab'); // the complete number and expiry moved on
    await expect.poll(() => focused(page)).toBe(forward[i]);
    await expect.poll(() => focusedFieldOffScreen(page)).toBe(0);
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Enter');
}
