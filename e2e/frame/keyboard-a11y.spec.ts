// Keyboard and screen-reader flow across the frame boundary (issue 9): Tab goes from the control
// before the card through holder, number, expiry and code to Pay, Shift+Tab back, no trap;
// Enter in the frame submits the merchant's form. axe (frames included) finds nothing when
// the card is empty, invalid and filled.
import { PAID_CARD } from '../support/cards.mjs';
import { axeViolations } from '../support/axe.js';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import type { Engine } from '../support/engine-page.js';
import { playwrightPage } from '../support/playwright-page.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';
import { walkAndPayByKeyboard } from './keyboard-walk.js';

// 390x844, a phone: the lower fields start below the fold, and the page scrolls to each one focused.
for (const [width, height] of [[1280, 720], [390, 844]] as const) {
  test(`Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays (${width}x${height})`, async ({ page, demo, browserName }) => {
    await page.setViewportSize({ width, height });
    await openFrameCheckout(page, demo);
    await walkAndPayByKeyboard(playwrightPage(page, browserName as Engine));
    expect(await finalOutcome(page)).toBe('paid');
  });
}

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
