// @engines chromium
// No blank frame (issue 27): on the demo checkout, Pay is disabled until svc-ready and says why
// (its accessible name is the wait label then), in frame mode and inline; then it is Pay again.
import { checkoutUrl } from '../support/checkout.js';
import { expect, test } from './fixture.js';

for (const mode of ['frame', 'inline'] as const) {
  test(`${mode}: Pay is disabled, saying the card form is loading, until svc-ready`, async ({ page, demo }) => {
    // The page's own script held back (and in frame mode the frame's too): the wait is long enough to see.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/checkout.js', async (route) => { await held; await route.continue(); });
    if (mode === 'frame') await page.route(`${demo.frame.origin}/**/card-frame-*.js`, async (route) => { await held; await route.continue(); });
    await page.goto(checkoutUrl(demo.url, 'en', mode), { waitUntil: 'commit' });
    const pay = page.locator('#pay');
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleName('Loading the card form…');
    release();
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveAccessibleName(/^Pay R\$/);
  });
}

// The page's script may come after the card form said it was ready (a slow checkout.js, a
// deferred script run after the frame's answer): it reads the element's `ready` then, as a
// script that comes after `load` reads document.readyState, and Pay is Pay.
for (const mode of ['frame', 'inline'] as const) {
  test(`${mode}: a page script that comes after svc-ready still finds the card form ready`, async ({ page, demo }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/checkout.js', async (route) => { await held; await route.continue(); });
    await page.goto(checkoutUrl(demo.url, 'en', mode), { waitUntil: 'commit' });
    await page.waitForFunction(() => (document.querySelector('svc-card-form') as HTMLElement & { ready?: boolean })?.ready === true);
    release();
    const pay = page.locator('#pay');
    await expect(pay).toBeEnabled();
    await expect(pay).toHaveAccessibleName(/^Pay R\$/);
  });
}
