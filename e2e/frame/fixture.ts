// Frame mode on the demo (issue 9): the merchant page on http://127.0.0.1:<port>, the card frame
// on a server of its own at http://localhost:<frame port> (two sites, ../shared/ENGINES.md). One demo per worker,
// the `demo` fixture of support/engine-fixture.ts.
import type { Frame, FrameLocator, Page } from '@playwright/test';
import type { Demo } from '../../demo/start-demo.mjs';
import { EXP_YEAR, EXPIRY_SHOWN, EXPIRY_TYPED, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, type CheckoutLang } from '../support/checkout.js';

/** What must never reach the merchant page: the number, every run of 6 of its digits, the code, the expiry. */
export const SECRETS = [
  PAID_NUMBER, PAID_CARD.number, PAID_CARD.securityCode, EXPIRY_SHOWN, EXPIRY_TYPED, `${PAID_CARD.expMonth}/${EXP_YEAR}`,
  ...Array.from({ length: PAID_NUMBER.length - 5 }, (_, i) => PAID_NUMBER.slice(i, i + 6)),
];

/**
 * Random base64 or hex may hold any short digit run (a 32-hex channel id holds "123" about once in
 * 140 runs), and so may the servers' free ports in the URLs a page sees (the frame's src on
 * localhost:33123, its origin parameter URL-encoded): the token's members, the frame's channel id
 * (in JSON and in the frame's URL) and every URL's port are blanked before searching.
 */
export const blankTokens = (text: string): string =>
  text
    .replace(/\\?"(encryptedKey|iv|ciphertext|authTag|channel)\\?"\s*:\s*\\?"[A-Za-z0-9+/=]*\\?"/g, '$1')
    .replace(/([#&]channel=)[0-9a-f]+/g, '$1CHANNEL')
    .replace(/((?:\/\/|%2F%2F)[\w.-]+(?::|%3A))\d+/gi, '$1PORT');

export const cardFrame = (page: Page): FrameLocator => page.frameLocator('svc-card-form iframe');
/** The card frame's document, to evaluate in. */
export const cardFrameDocument = (page: Page): Frame => page.frames().find((frame) => frame.url().includes('card-frame.html'))!;

/** Opens the frame-mode checkout and waits for svc-ready (recorded by the page: window.svcReady). */
export async function openFrameCheckout(page: Page, demo: Demo, lang: CheckoutLang = 'en'): Promise<void> {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    document.addEventListener('svc-ready', () => ((window as unknown as { svcReady: boolean }).svcReady = true));
  });
  await page.goto(checkoutUrl(demo.url, lang, 'frame'));
  await page.waitForFunction(() => (window as unknown as { svcReady?: boolean }).svcReady === true);
}

// The worker's demo is support/engine-fixture.ts's, one definition: started once per worker for the
// specs on Playwright's `page` and those on EnginePage alike, with the start-up time a loaded
// machine needs (a fixture of its own here, under the 60 s test timeout, timed out at start on three
// workers at load 18, and every test of that worker failed with it).
export { expect, test } from '../support/engine-fixture.js';
