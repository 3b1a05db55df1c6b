// @engines all @layout
// Issue 12, the processing state holds still, on the demo (its POST /api/pay held back by the
// merchant front, e2e/support/merchant-front.ts), inline and in the frame, at 390 and 1280 px, in
// every engine: entering the busy state (the element's busy state, fields read-only, the Pay
// button's spinner and "Processando…") and leaving it (a decline: the form stays) move no input
// and not the Pay button, and Chromium reports no layout-shift entry at all, those right after
// input counted, on the page or in the frame. The outcome the page shows after the answer is the
// page's own content below the form, not the busy state: the page's first script takes it out of
// the flow so that what is counted is the busy state's. The page's own hold() in frame mode
// likewise. (Once with a WebKitGTK twin, webkit-paying-layout.)
import { DECLINED_CARD } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EngineFrame, EnginePage } from '../support/engine-page.js';
import { boxes, moves, shiftsSeen, watchShifts } from '../support/layout.js';
import { firstScriptOf, startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';

const FIELDS = ['holder', 'number', 'expiry', 'securityCode'];

let site: FrontedDemo;
test.beforeAll(async () => {
  site = await startFrontedDemo({
    firstScript: firstScriptOf(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('#outcome{position:absolute}');
      document.adoptedStyleSheets = [sheet];
    }),
  });
});
test.afterAll(async () => site?.close());

for (const width of [390, 1280]) {
  for (const mode of ['inline', 'frame'] as Isolation[]) {
    test(`${mode} mode, ${width} px: entering and leaving the busy state moves no input and not the Pay button`, async ({ enginePage: page }) => {
      await page.setViewportSize({ width, height: 844 });
      if (mode === 'frame') await openFrameCheckoutAt(page, site.url, 'pt-BR');
      else {
        await page.goto(checkoutUrl(site.url, 'pt-BR', 'inline'));
        await expect.poll(() => page.shadow('svc-card-form', '#number').count()).toBe(1);
      }
      // The fields: in the frame's document, or the page's own.
      const inFields = <R>(fn: (fields: EnginePage | EngineFrame) => Promise<R>) => (mode === 'frame' ? inCard(page, fn) : fn(page));
      // Inline: the inputs and the Pay button; frame: the Pay button on the page, the inputs in the frame.
      const places = async () => [
        await page.evaluate(boxes, ['svc-card-form', ['pay']] as [string, string[]]),
        ...(mode === 'frame' ? [await inCard(page, (frame) => frame.evaluate(boxes, ['svc-card-form', []] as [string, string[]]))] : []),
      ];
      const readOnly = () => inFields((fields) => Promise.all(FIELDS.map((id) => fields.shadow('svc-card-form', `#${id}`).evaluate((input: HTMLInputElement) => input.readOnly))));
      const busy = () => page.locator('svc-card-form').evaluate((element: Element) => element.matches(':state(busy)') || element.hasAttribute('data-state-busy'));
      const reports = await page.evaluate(watchShifts);
      if (mode === 'frame') await inCard(page, (frame) => frame.evaluate(watchShifts));
      await inFields((fields) => typeCard(fields, DECLINED_CARD, 'pt-BR'));
      const held = site.holdPay();
      try {
        await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'center' }));
        const before = await places();
        expect(before[0]!.length).toBe(mode === 'frame' ? 1 : 6); // the Pay button, and inline the five inputs
        await submit(page, 'pt-BR');
        await expect.poll(() => page.byRole('button', { name: 'Processando…' }).isVisible()).toBe(true);
        await expect.poll(busy).toBe(true);
        await expect.poll(readOnly).toEqual(FIELDS.map(() => true));
        expect(moves(before.flat(), (await places()).flat()), 'moved entering the busy state').toEqual([]);
        expect(await page.locator('#outcome').attribute('data-outcome') ?? '', 'no outcome while the payment is held').toBe('');
        held.release();
        expect(await finalOutcome(page)).toBe('declined');
        await expect.poll(busy).toBe(false);
        await expect.poll(readOnly).toEqual(FIELDS.map(() => false));
        await expect.poll(() => page.byRole('button', { name: /^Pagar R\$/ }).isVisible()).toBe(true);
        expect(moves(before.flat(), (await places()).flat()), 'moved leaving the busy state').toEqual([]);
      } finally {
        held.release();
      }
      if (reports) {
        expect(await page.evaluate(shiftsSeen), 'layout shifts on the page').toEqual([]);
        if (mode === 'frame') expect(await inCard(page, (frame) => frame.evaluate(shiftsSeen)), 'layout shifts in the frame').toEqual([]);
      }
    });
  }
}

// A merchant may hold the element itself (hold() on svc-encrypted) past its own payment: in
// frame mode the busy state lasts until the page's work settles, though the demo's payment (a
// decline) is over, and entering and leaving it move no input in the frame and not the Pay button.
for (const width of [390, 1280]) {
  test(`frame mode, ${width} px: the page's own hold() keeps the busy state past the payment, and moves nothing`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height: 844 });
    await openFrameCheckoutAt(page, site.url, 'pt-BR');
    await page.evaluate(() => {
      const card = document.querySelector('svc-card-form') as HTMLElement & { hold(work: Promise<void>): Promise<void> };
      card.addEventListener('svc-encrypted', () => void card.hold(new Promise<void>((resolve) => ((window as unknown as { answer(): void }).answer = resolve))));
    });
    await inCard(page, (frame) => typeCard(frame, DECLINED_CARD, 'pt-BR'));
    const busy = () => page.locator('svc-card-form').evaluate((element: Element) => element.matches(':state(busy)') || element.hasAttribute('data-state-busy'));
    const places = async () => [
      await page.evaluate(boxes, ['svc-card-form', ['pay']] as [string, string[]]),
      await inCard(page, (frame) => frame.evaluate(boxes, ['svc-card-form', []] as [string, string[]])),
    ];
    await page.locator('#pay').evaluate((button: HTMLElement) => button.scrollIntoView({ block: 'center' }));
    const before = await places();
    await submit(page, 'pt-BR');
    await expect.poll(busy).toBe(true);
    expect(await finalOutcome(page)).toBe('declined'); // the demo's payment is over; the page's hold is not
    expect(await busy()).toBe(true);
    expect(moves(before.flat(), (await places()).flat()), 'moved entering the busy state').toEqual([]);
    await page.evaluate(() => (window as unknown as { answer(): void }).answer());
    await expect.poll(busy).toBe(false);
    expect(moves(before.flat(), (await places()).flat()), 'moved leaving the busy state').toEqual([]);
  });
}
