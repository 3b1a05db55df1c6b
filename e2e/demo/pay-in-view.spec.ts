// @engines all @layout
// Issue 39, items 1 and 5, on the demo store in every engine, inline and in the card frame, by measured
// geometry: at 1280x800 the whole card form and Pay are on the first screen (Pay was at y=1069, under three
// tall method cards in one column); at 390x844 and 320x844 Pay is on the first screen with "Parcelas".
// Choosing 12x (a plan with interest) moves nothing: Pay, the card form and the note under Pay keep their
// boxes (the interest row pushed Pay down 27 px), and Pay says the plan's total. The closed select shows a
// text that fits it in every engine (the installments alone: a whole label was cut at 320 and 390 px, and
// "1x de R$ 129,90 sem juros" was wider than Firefox ESR's 208 px in the frame at 320 px); every other option
// is whole: its total and, with interest, the monthly rate and CET the store's server computed.
import type { Demo } from '../../demo/start-demo.mjs';
import { checkoutUrl, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EngineFrame, EnginePage } from '../support/engine-page.js';
import { inCard } from '../frame/engine-checkout.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts: 180 s to start on a loaded machine); each test reads its own page.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

const atCard = <R>(page: EnginePage, mode: Isolation, fn: (where: EnginePage | EngineFrame) => Promise<R>) =>
  (mode === 'frame' ? inCard(page, fn) : fn(page));

/** Intl and the element put a no-break space after R$; compared with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** The page's boxes in the document's coordinates (a layout move, not a scroll), and the viewport. */
const boxes = (page: EnginePage) => page.evaluate(() => {
  const box = (element: Element) => {
    const r = element.getBoundingClientRect();
    return { top: Math.round((r.top + scrollY) * 10) / 10, bottom: Math.round((r.bottom + scrollY) * 10) / 10, left: Math.round(r.left), width: Math.round(r.width) };
  };
  return {
    pay: box(document.getElementById('pay')!), card: box(document.querySelector('svc-card-form')!),
    secure: box(document.querySelector('.secure')!), total: box(document.querySelector('.total')!),
    viewport: innerHeight, scrolled: scrollY,
  };
});

/** "Parcelas" in the document holding it (runs there): the options' texts, and whether the closed select's text fits it. */
const plans = () => {
  const select = document.querySelector('svc-card-form')!.shadowRoot!.getElementById('installments') as HTMLSelectElement;
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = style.font;
  const chosen = select.options[select.selectedIndex]!.text;
  // The text's room: the content box less the drop-down arrow (at most 24 px in the three engines).
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
  const r = select.getBoundingClientRect();
  return { texts: [...select.options].map((o) => o.text), chosen, fits: context.measureText(chosen).width <= room, room: Math.round(room), bottom: r.bottom };
};

const choose = (where: EnginePage | EngineFrame, n: number) => where.byLabel(/^Parcelas/).evaluate((select: HTMLSelectElement, count: number) => {
  select.value = String(count);
  for (const type of ['input', 'change']) select.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
}, n);

for (const mode of ['frame', 'inline'] as const) {
  for (const [width, height] of [[1280, 800], [390, 844], [320, 844]] as const) {
    test(`${mode} at ${width}x${height}: the card form and Pay on the first screen; 12x moves nothing, Pay says its total, every option whole`, async ({ enginePage: page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(checkoutUrl(demo.url, 'pt-BR', mode));
      await expect.poll(() => page.locator('#pay').isEnabled(), { timeout: 20_000 }).toBe(true);
      const before = await boxes(page);
      expect(before.scrolled).toBe(0);
      expect(before.card.bottom).toBeLessThanOrEqual(before.pay.top);
      expect(before.pay.bottom, `Pay's bottom at ${before.pay.bottom} px of ${before.viewport}`).toBeLessThanOrEqual(before.viewport);
      const offered = await atCard(page, mode, (where) => where.evaluate(plans));
      expect(offered.texts.map(plain)).toEqual([
        '1x de R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90',
        '12x de R$ 12,10 com juros, total R$ 145,20, 1,76% a.m., CET 23,23% a.a.',
      ]);
      expect(offered.fits, `"${offered.chosen}" in ${offered.room} px`).toBe(true);

      await atCard(page, mode, (where) => choose(where, 12));
      await expect.poll(async () => plain(await page.locator('#pay .pay-total').text())).toBe('(total R$ 145,20)');
      expect(plain(await page.locator('#pay .pay-label').text())).toBe('Pagar 12x de R$ 12,10');
      expect(await page.locator('#interest').isVisible()).toBe(true);
      const after = await atCard(page, mode, (where) => where.evaluate(plans));
      expect(after.texts.map(plain)).toEqual(['1x de R$ 129,90 sem juros, total R$ 129,90', '3x de R$ 43,30 sem juros, total R$ 129,90', '12x de R$ 12,10']);
      expect(after.fits, `"${after.chosen}" in ${after.room} px`).toBe(true);
      const { scrolled: _, ...moved } = await boxes(page);
      const { scrolled: __, ...still } = before;
      expect(moved).toEqual(still);
    });
  }
}
