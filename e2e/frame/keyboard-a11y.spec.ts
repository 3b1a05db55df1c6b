// Keyboard and screen-reader flow across the frame boundary (issue 9): Tab goes from the control
// before the card through holder, number, expiry and code to Pay, Shift+Tab back, no trap;
// Enter in the frame submits the merchant's form. axe (frames included) finds nothing when
// the card is empty, invalid and filled.
import type { Page } from '@playwright/test';
import { PAID_CARD, EXPIRY_TYPED } from '../support/cards.mjs';
import { axeViolations } from '../support/axe.js';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

/** Where the focus is: a field id inside the card frame, or the id/class of the page's element. */
async function focused(page: Page): Promise<string> {
  const frame = page.frames().find((f) => f.url().includes('card-frame.html'))!;
  const inFrame = await frame.evaluate(() => document.hasFocus() && document.querySelector('svc-card-form')!.shadowRoot!.activeElement?.id);
  if (inFrame) return `frame:${inFrame}`;
  return page.evaluate(() => document.activeElement?.id || document.activeElement?.className || document.activeElement?.localName || '');
}

test('Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await page.locator('.lang-switch').focus();
  const forward = ['frame:holder', 'frame:number', 'frame:expiry', 'frame:securityCode', 'pay'];
  for (const expected of forward) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }
  for (const expected of [...forward.slice(0, -1)].reverse().concat('lang-switch')) {
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toBe(expected);
  }
  // Keyboard only: into the frame, type every field, Enter in the code field.
  for (const [i, text] of [PAID_CARD.holder, PAID_CARD.number.replace(/\s/g, ''), EXPIRY_TYPED, PAID_CARD.securityCode].entries()) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe(forward[i]);
    await page.keyboard.type(text);
  }
  await page.keyboard.press('Enter');
  expect(await finalOutcome(page)).toBe('paid');
});

test('no axe violations, frame included, when empty, invalid and filled', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  expect(await axeViolations(page)).toEqual([]);
  await submit(page); // empty card: the frame shows every error
  await expect(cardFrame(page).getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
  await typeCard(cardFrame(page), PAID_CARD);
  await expect(cardFrame(page).getByLabel('Card number')).toHaveAttribute('aria-invalid', 'false');
  expect(await axeViolations(page)).toEqual([]);
});
