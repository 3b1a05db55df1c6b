// @engines all
// Issue 27: when the focus moves to a field already in sight, the page does not scroll: a complete
// number moving on to the expiry, a complete expiry to the CVV, and Pay pressed on an empty card (the
// focus goes to the number). On a declined card (issue 39) the alert beside Pay comes into sight, Pay keeps the focus. window.scrollY before and after each move, inline
// and in the card frame, on a phone (390x844) and a desktop (1280x800), in every engine.
//
// Pay is pressed as a shopper presses it, with Enter on the focused button: Playwright's click in
// Firefox ESR (WebDriver BiDi) first scrolls the button to the viewport's centre, even when it is in
// sight (scrollIntoView {block: 'center'}), which was the 218 to 254 px "Firefox scroll" measured
// in compact-checkout; a mouse click at the button's point or Enter scrolls nothing there.
import type { Demo } from '../../demo/start-demo.mjs';
import { DECLINED_CARD, EXPIRY_TYPED, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, payButton, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EngineFrame, EnginePage } from '../support/engine-page.js';
import { inCard } from '../frame/engine-checkout.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

/** The page's scroll, and the number, expiry and CVV fields' vertical place in the viewport (in frame mode, read in the frame and the iframe's place added). */
const sight = async (page: EnginePage, mode: 'inline' | 'frame') => {
  const { scrollY, viewport, offset } = await page.evaluate(() => ({
    scrollY: Math.round(window.scrollY), viewport: innerHeight,
    offset: document.querySelector('svc-card-form')!.shadowRoot?.querySelector('iframe')?.getBoundingClientRect().top ?? 0,
  }));
  const boxes = await atCard(page, mode, (where) => where.evaluate(() => {
    const root = document.querySelector('svc-card-form')!.shadowRoot!;
    return Object.fromEntries(['number', 'expiry', 'securityCode'].map((id) => { const r = root.getElementById(id)!.getBoundingClientRect(); return [id, [r.top, r.bottom]]; }));
  }));
  const place = (id: string) => boxes[id]!.map((y) => Math.round(y + offset));
  return { scrollY, viewport, number: place('number'), expiry: place('expiry'), securityCode: place('securityCode') };
};
const atCard = <R>(page: EnginePage, mode: 'inline' | 'frame', fn: (where: EnginePage | EngineFrame) => Promise<R>) => (mode === 'frame' ? inCard(page, fn) : fn(page));
const inSight = ([top, bottom]: number[], viewport: number) => top! >= 0 && bottom! <= viewport;

const open = async (page: EnginePage, mode: 'inline' | 'frame', width: number, height: number) => {
  await page.setViewportSize({ width, height });
  await page.goto(checkoutUrl(demo.url, 'pt-BR', mode));
  await expect.poll(() => page.locator('#pay').isEnabled(), { timeout: 20_000 }).toBe(true);
};

/** Pay pressed with the keyboard, after the shopper scrolled it into sight (at 1280x800 it is below the fold). */
const pressPay = async (page: EnginePage, mode: 'inline' | 'frame') => {
  const pay = payButton(page, 'pt-BR');
  await pay.evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'nearest' }));
  await pay.focus();
  const before = await sight(page, mode);
  await page.keyboard.press('Enter');
  return before;
};

for (const mode of ['inline', 'frame'] as const) {
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    test(`${mode} at ${width}x${height}: a complete number moves on to the expiry, a complete expiry to the CVV, both in sight, and the page does not scroll`, async ({ enginePage: page }) => {
      await open(page, mode, width, height);
      // The number's first digit typed gives it the focus (script focus does not reach a cross-origin frame in WebKitGTK).
      await atCard(page, mode, (where) => where.byLabel('Número do cartão').type(PAID_NUMBER.slice(0, 1)));
      const start = await sight(page, mode);
      expect(inSight(start.expiry, start.viewport) && inSight(start.securityCode, start.viewport), `expiry ${start.expiry}, CVV ${start.securityCode} of ${start.viewport}`).toBe(true);
      await atCard(page, mode, async (where) => {
        await where.keyboard.type(PAID_NUMBER.slice(1));
        await expect.poll(() => where.byLabel(/^Validade/).isFocused()).toBe(true);
      });
      const afterNumber = await sight(page, mode);
      await atCard(page, mode, async (where) => {
        await where.keyboard.type(EXPIRY_TYPED);
        await expect.poll(() => where.byLabel(/^CVV/).isFocused()).toBe(true);
      });
      const afterExpiry = await sight(page, mode);
      expect([afterNumber.scrollY, afterExpiry.scrollY], 'window.scrollY after number -> expiry, after expiry -> CVV').toEqual([start.scrollY, start.scrollY]);
    });

    test(`${mode} at ${width}x${height}: Pay pressed on an empty card focuses the number in sight without a scroll; on a declined one, the alert beside Pay comes into sight and the focus stays on Pay`, async ({ enginePage: page }) => {
      await open(page, mode, width, height);
      const empty = await pressPay(page, mode);
      expect(inSight(empty.number, empty.viewport), `number ${empty.number} of ${empty.viewport}`).toBe(true);
      expect(await finalOutcome(page)).toBe('invalid');
      await atCard(page, mode, (where) => expect.poll(() => where.byLabel('Número do cartão').isFocused()).toBe(true));
      const afterInvalid = await sight(page, mode);
      expect(afterInvalid.scrollY, 'window.scrollY after the focus went to the number of an empty card').toBe(empty.scrollY);
      await atCard(page, mode, (where) => typeCard(where, DECLINED_CARD, 'pt-BR'));
      await pressPay(page, mode);
      expect(await finalOutcome(page)).toBe('declined');
      // Issue 39: the decline beside Pay, where the shopper pressed it, both in sight; the focus not moved.
      await expect.poll(() => page.locator('#pay-outcome').text()).toContain('Pagamento recusado');
      const after = await page.evaluate(() => {
        const place = (id: string) => { const r = document.getElementById(id)!.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
        return { alert: place('pay-outcome'), pay: place('pay'), viewport: innerHeight, focused: document.activeElement?.id };
      });
      expect(inSight(after.alert, after.viewport) && inSight(after.pay, after.viewport), `alert ${after.alert}, Pay ${after.pay} of ${after.viewport}`).toBe(true);
      expect(after.alert[0]! - after.pay[1]!, 'the alert right under Pay').toBeLessThan(24);
      expect(after.focused).toBe('pay');
    });
  }
}
