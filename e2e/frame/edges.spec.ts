// @engines chromium firefox
// Issue 27, item 7: in frame mode the fields sat 4 px in from the element's edges (the frame
// page's room for the focus ring), out of line with the merchant's own fields and with inline
// mode. The iframe now stands 4 px out of the element on each side: the frame's form is as wide
// as the element, its first label at the element's top, and a focused field's ring (2 px at
// 2 px) still inside the iframe. In every engine (their frames lay out alike, but each clips).
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';
import { startFrontedDemo, type FrontedDemo } from '../support/merchant-front.js';
import { inCard, openFrameCheckoutAt } from './engine-checkout.js';

let site: FrontedDemo;
test.beforeAll(async () => {
  site = await startFrontedDemo({});
});
test.afterAll(async () => site?.close());
test.beforeEach(() => site.setFirstScript(undefined));

type Box = { left: number; top: number; right: number };

/** The element's and its iframe's boxes on the page, and the number field's and its label's in the frame. */
async function measure(page: EnginePage): Promise<{ element: Box; iframe: Box; number: Box; label: Box }> {
  const [element, iframe] = await page.evaluate(() => {
    const host = document.querySelector('svc-card-form')!;
    const edges = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right });
    return [edges(host.getBoundingClientRect()), edges(host.shadowRoot!.querySelector('iframe')!.getBoundingClientRect())];
  });
  const [number, label] = await inCard(page, (frame) => frame.evaluate(() => {
    const root = document.querySelector('svc-card-form')!.shadowRoot!;
    const edges = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right });
    return [edges(root.getElementById('number')!.getBoundingClientRect()), edges(root.querySelector('label')!.getBoundingClientRect())];
  }));
  // The frame's boxes on the page: moved by the iframe's own place.
  const onPage = (b: Box) => ({ left: b.left + iframe.left, top: b.top + iframe.top, right: b.right + iframe.left });
  return { element, iframe, number: onPage(number!), label: onPage(label!) };
}

for (const width of [320, 1280]) {
  test(`the frame's fields line up with the element's edges, as inline's do, and the focus ring stays inside the iframe (${width} px)`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height: 844 });
    await openFrameCheckoutAt(page, site.url, 'pt-BR');
    const { element, iframe, number, label } = await measure(page);
    expect(Math.abs(number.left - element.left), `number field's left ${number.left}, element's ${element.left}`).toBeLessThan(0.5);
    expect(Math.abs(number.right - element.right), `number field's right ${number.right}, element's ${element.right}`).toBeLessThan(0.5);
    expect(Math.abs(label.top - element.top), `first label's top ${label.top}, element's ${element.top}`).toBeLessThan(1);
    // The ring is drawn 2 px outside the field, 2 px wide: 4 px of iframe around the field.
    expect(number.left - iframe.left).toBeGreaterThanOrEqual(4 - 0.5);
    expect(iframe.right - number.right).toBeGreaterThanOrEqual(4 - 0.5);
  });
}

// The 4 px the iframe stands out are not the page's to scroll to in the usual layouts: an
// element with any margin from the viewport's edge (the demo's) leaves the page unscrolled sideways.
test('the iframe standing out of the element scrolls no page sideways (the demo at 320 px)', async ({ enginePage: page }) => {
  await page.setViewportSize({ width: 320, height: 844 });
  await openFrameCheckoutAt(page, site.url, 'pt-BR');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
});
