// @engines all
// Keyboard and screen-reader flow across the frame boundary (issue 9), in every engine through
// EnginePage (WebKitGTK: WebDriver switching into the frame): Tab goes from the control before
// the card through holder, number, expiry and code to Pay, Shift+Tab back, no trap; Enter in the
// frame submits the merchant's form. axe, on the page and in the card frame, finds nothing when
// the card is empty, invalid and filled. The hostile page, forged messages and foreign embedding
// are hostile-page.spec.ts and third-origin.spec.ts. (Once with a WebKitGTK twin, webkit-boundaries.)
import type { Demo } from '../../demo/start-demo.mjs';
import { engineAxeViolations } from '../support/axe.js';
import { PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, LABELS, submit, typeCard } from '../support/checkout.js';
import type { EnginePage } from '../support/engine-page.js';
import { expect, test } from '../support/engine-fixture.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';
import { walkAndPayByKeyboard } from './keyboard-walk.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

const openFrameCheckout = (page: EnginePage) => openFrameCheckoutAt(page, demo.url);

// At 640 px too: a window that narrow (the demo specs' width, kept by the WebDriver session for
// the next spec of a full run) makes WebKitGTK under Xvfb report document.hasFocus() false.
// At 390x844, a phone, the lower fields start below the fold: the page scrolls to each one focused.
for (const [width, height] of [[1280, 720], [1280, 800], [640, 800], [390, 844]] as const) {
  test(`Tab and Shift+Tab cross the frame in order, with no trap; Enter in the frame pays (${width}x${height})`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height });
    await openFrameCheckout(page);
    await walkAndPayByKeyboard(page);
    expect(await finalOutcome(page)).toBe('paid');
  });
}

test('no axe violations in the page or in the card frame when empty, invalid and filled', async ({ enginePage: page }) => {
  await openFrameCheckout(page);
  const both = async () => [...await engineAxeViolations(page), ...await inCard(page, engineAxeViolations)];
  const numberInvalid = () => inCard(page, (frame) => frame.byLabel(LABELS.en.number).attribute('aria-invalid'));
  expect(await both()).toEqual([]);
  await submit(page); // empty card: the frame shows every error
  await expect.poll(numberInvalid).toBe('true');
  expect(await both()).toEqual([]);
  await inCard(page, (frame) => typeCard(frame, PAID_CARD));
  await expect.poll(numberInvalid).toBe('false');
  expect(await both()).toEqual([]);
});
