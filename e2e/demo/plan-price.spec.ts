// @engines all
// Issue 27, "the plan is the price", on the demo store in every engine: the installment plan chosen
// in the element sets the Pay button ("Pagar 12x de R$ 12,10"), the order's interest line and total
// (svc-change's `plan`), the chosen plan's total and interest are read whole under "Parcelas" at
// 390 and 320 px (measured boxes: the closed select may cut its option's text), and the English
// page writes money as the plans do (Intl's output, which each engine's ICU makes). What the store
// then charges for 12x (the sandbox's transaction, the receipt's R$ 145,20) no engine changes: it is
// installments-journey.spec.ts's, in Chromium.
import type { Demo } from '../../demo/start-demo.mjs';
import { ELO_PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EnginePage } from '../support/engine-page.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

/** Intl and the element put a no-break space after R$; compared with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** Chooses `n` installments in the element's "Parcelas" select, as a change by the shopper. */
const choose = (page: EnginePage, n: number) => page.byLabel(/^Parcelas/).evaluate((select: HTMLSelectElement, count: number) => {
  select.value = String(count);
  for (const type of ['input', 'change']) select.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
}, n);

/**
 * Whether an element's text is whole on screen: not clipped in its box, its text inside the
 * viewport, and on how many lines (the text's own boxes, by their tops: the element may be taller).
 */
const whole = (page: EnginePage, locate: (page: EnginePage) => ReturnType<EnginePage['locator']>) => locate(page).evaluate((element: HTMLElement) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  const text = range.getBoundingClientRect();
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return { clipped: element.scrollWidth > element.clientWidth + 1, inside: text.left >= 0 && text.right <= document.documentElement.clientWidth, lines: tops.size };
});

for (const width of [390, 320]) {
  test(`at ${width} px: 12x sets the Pay button, the interest and the total; the plan's total and interest are whole under Parcelas`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(checkoutUrl(demo.url, 'pt-BR'));
    await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pagar R$ 129,90');
    await typeCard(page, ELO_PAID_CARD, 'pt-BR');
    await choose(page, 12);
    await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pagar 12x de R$ 12,10');
    // Issue 39: Pay says the total too, on its second line.
    expect(plain(await page.locator('#pay .pay-total').text())).toBe('(total R$ 145,20)');
    expect(plain(await page.locator('#total').text())).toBe('R$ 145,20');
    expect(plain(await page.locator('#interest').text())).toBe('(juros R$ 15,30)');
    expect(await page.locator('#interest').isVisible()).toBe(true);
    const hint = (on: EnginePage) => on.shadow('svc-card-form', '#installments-hint');
    expect(plain(await hint(page).text())).toBe('Total R$ 145,20 com juros · 1,76% a.m. · CET 23,23% a.a.');
    // At most two lines, the room the line has whenever a plan has interest: two in Chromium at 390 and
    // 320 px, one as WebKitGTK's text boxes read (pay-in-view holds that choosing moves nothing).
    const hinted = await whole(page, hint);
    expect(hinted).toMatchObject({ clipped: false, inside: true });
    expect(hinted.lines).toBeLessThanOrEqual(2);
    expect(await whole(page, (on) => on.locator('#pay .pay-label'))).toMatchObject({ clipped: false, inside: true, lines: 1 });
    expect(await whole(page, (on) => on.locator('#pay .pay-total'))).toMatchObject({ clipped: false, inside: true, lines: 1 });
    // The total's row: its words and amount in two sizes (their boxes' tops differ), so not counted in lines.
    expect(await whole(page, (on) => on.locator('.total'))).toMatchObject({ clipped: false, inside: true });
    // Back to 3x: interest-free, the button says the installments, the total the price.
    await choose(page, 3);
    await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pagar 3x de R$ 43,30');
    expect(plain(await page.locator('#total').text())).toBe('R$ 129,90');
    expect(await page.locator('#interest').isVisible()).toBe(false);
    expect(plain(await page.locator('#pay .pay-total').text())).toBe('(total R$ 129,90)');
  });
}

// One way of writing money on a page (tried as a shopper on the English page): the order, Pay and
// the interest line were written as in pt-BR ("Pay 12x R$ 12,10") under the element's plans and
// above the receipt in English ("12x R$12.10 with interest, total R$145.20"), two spellings of
// one amount on one screen.
test('en page: the order, Pay and the interest write money as the plans and the receipt do (R$145.20, not R$ 145,20)', async ({ enginePage: page }) => {
  await page.goto(checkoutUrl(demo.url, 'en'));
  await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pay R$129.90');
  expect(plain(await page.locator('#price').text())).toBe('R$129.90');
  expect(plain(await page.locator('#total').text())).toBe('R$129.90');
  await typeCard(page, ELO_PAID_CARD);
  await page.byLabel(/^Installments/).evaluate((select: HTMLSelectElement) => {
    select.value = '12';
    for (const type of ['input', 'change']) select.dispatchEvent(new Event(type, { bubbles: true, composed: true }));
  });
  await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pay 12x R$12.10');
  expect(plain(await page.locator('#pay .pay-total').text())).toBe('(total R$145.20)');
  expect(plain(await page.locator('#total').text())).toBe('R$145.20');
  expect(plain(await page.locator('#interest').text())).toBe('(interest R$15.30)');
  expect(plain(await page.shadow('svc-card-form', '#installments-hint').text())).toBe('Total R$145.20 with interest · 1.76% a month · CET 23.23% a year');
  await page.shadow('#methods', 'input[value="pix"]').click();
  await expect.poll(async () => plain(await page.locator('#pay .pay-label').text())).toBe('Pay R$129.90 with PIX');
  expect(await page.locator('#pay .pay-total').text()).toBe('');
  expect(plain(await page.locator('#total').text())).toBe('R$129.90');
});
