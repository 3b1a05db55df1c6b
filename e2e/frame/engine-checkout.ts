// The frame-mode checkout through EnginePage, for specs that run in every engine (Chromium and
// Firefox ESR through Playwright, WebKitGTK through WebDriver): open it, reach into the card
// frame, and put a value in a field at once as paste or autofill does.
import { checkoutUrl, type CheckoutLang } from '../support/checkout.js';
import type { EngineFrame, EngineLocator, EnginePage } from '../support/engine-page.js';
import { expect } from '../support/engine-fixture.js';

/** Runs `fn` inside the card frame of the page's <svc-card-form>. */
export const inCard = <R>(page: EnginePage, fn: (frame: EngineFrame) => Promise<R>) => page.withinFrame('svc-card-form', 'iframe', fn);

/** Opens the frame-mode checkout at `origin`; ready once the element sized the iframe from the frame's ready message. */
export async function openFrameCheckoutAt(page: EnginePage, origin: string, lang: CheckoutLang = 'en'): Promise<void> {
  await page.goto(checkoutUrl(origin, lang, 'frame'));
  await expect.poll(() => page.evaluate(() => !!document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe')?.style.height), { timeout: 20_000 }).toBe(true);
}

/** An insert the way a browser reports paste or autofill: the whole value at once, one input event. */
export const insertWhole = (field: EngineLocator, text: string, inputType: string): Promise<void> =>
  field.evaluate((input: HTMLInputElement, arg: { text: string; inputType: string }) => {
    input.focus();
    input.select();
    input.value = arg.text;
    input.dispatchEvent(new InputEvent('input', { inputType: arg.inputType, data: null, bubbles: true, composed: true }));
  }, { text, inputType });
