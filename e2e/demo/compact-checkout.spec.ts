// @engines all
// Issue 27, "Compact" and "Errors where the eye is", on the demo store in every engine, inline and
// in the card frame, at 390x844 and 320x844, by measured geometry: the Pay button on the first
// screen with the keyboard closed (about 1,040 px down before); the number first, expiry and CVV
// side by side, one line under each field that every built-in message fits; errors shown on a
// submit and a decline move nothing (no summary above Pay); a decline is beside Pay (issue 39), its
// next step one tap; a complete field moves on.
import type { Demo } from '../../demo/start-demo.mjs';
import { stringsFor } from '../../src/shared/i18n.js';
import { DECLINED_CARD, EXPIRY_TYPED, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard, type Isolation } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import type { EngineFrame, EnginePage } from '../support/engine-page.js';
import { inCard } from '../frame/engine-checkout.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts), shared with its other specs: read by deltas.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

/** Runs `fn` where the card form's fields are: the page (inline) or the card frame. */
const atCard = <R>(page: EnginePage, mode: Isolation, fn: (where: EnginePage | EngineFrame) => Promise<R>) =>
  (mode === 'frame' ? inCard(page, fn) : fn(page));

/** The fields' geometry in the document holding them (runs there). */
const fields = () => {
  const root = document.querySelector('svc-card-form')!.shadowRoot!;
  const box = (id: string) => {
    const r = root.getElementById(id)!.getBoundingClientRect();
    return { top: Math.round(r.top * 10) / 10, left: r.left, right: r.right };
  };
  const line = parseFloat(getComputedStyle(root.querySelector('.messages')!).lineHeight);
  return {
    order: [...root.querySelectorAll('input, select')].map((control) => control.id),
    expiry: box('expiry'), code: box('securityCode'),
    // Lines each card field's message row takes (hint or error), by its height over one line's.
    lines: [...root.querySelectorAll('.field:not([part~="field-installments"]) .messages')].map((m) => Math.round(m.getBoundingClientRect().height / line * 100) / 100),
    // "Parcelas": two, the plan's total and rates (issue 39), whatever plan is chosen.
    planLines: Math.round(root.querySelector('[part~="field-installments"] .messages')!.getBoundingClientRect().height / line * 100) / 100,
    // In the document's coordinates: a layout move, not a scroll (Playwright's click in Firefox ESR scrolls Pay to the viewport's
    // centre first, as e2e/demo/focus-scroll.spec.ts explains; the page itself scrolls nothing on the focus move).
    inputs: [...root.querySelectorAll('input, select')].map((control) => { const r = control.getBoundingClientRect(); return `${control.id} ${Math.round(r.top + scrollY)}`; }),
  };
};

const payBox = (page: EnginePage) => page.evaluate(() => {
  const r = document.getElementById('pay')!.getBoundingClientRect();
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, viewport: innerHeight, scrolled: scrollY };
});
/** Pay's place in the page, without the scroll: what an inserted summary or a growing error line would change. */
const payPlace = async (page: EnginePage) => {
  const { scrolled: _, ...place } = await payBox(page);
  return place;
};

const open = async (page: EnginePage, mode: Isolation, lang: 'pt-BR' | 'en' = 'pt-BR') => {
  await page.goto(checkoutUrl(demo.url, lang, mode));
  await expect.poll(() => page.locator('#pay').isEnabled(), { timeout: 20_000 }).toBe(true);
};

for (const mode of ['inline', 'frame'] as const) {
  for (const width of [390, 320]) {
    test(`${mode} at ${width}x844: Pay on the first screen, the number first, expiry and CVV side by side, one line per field; errors on submit move nothing`, async ({ enginePage: page }) => {
      await page.setViewportSize({ width, height: 844 });
      await open(page, mode);
      const pay = await payBox(page);
      expect(pay.scrolled).toBe(0);
      // Nothing scrolls sideways: the whole page fits its viewport, and the payment's section holds all it shows (the
      // methods' row of three included), in every engine. WebKitGTK's MiniBrowser window is never narrower than its
      // toolbar (447 px): asked for 390 or 320 px, its viewport is 447 px wide there, and the page is measured at that.
      const widths = await page.evaluate(() => {
        const s = document.querySelector('.payment')!;
        // innerWidth: the viewport; clientWidth: the page's room in it, less a classic scrollbar (Firefox ESR's 12 px).
        return { page: document.documentElement.scrollWidth, room: document.documentElement.clientWidth, viewport: innerWidth, section: s.scrollWidth, sectionBox: s.clientWidth };
      });
      if (page.engine === 'webkit') expect(widths.viewport).toBeGreaterThanOrEqual(width);
      else expect(widths.viewport).toBe(width);
      expect(widths.page, `the page's width in ${widths.room} px of a ${widths.viewport} px viewport`).toBeLessThanOrEqual(widths.room);
      expect(widths.section).toBeLessThanOrEqual(widths.sectionBox);
      expect(pay.bottom, `Pay's bottom at ${pay.bottom} px of ${pay.viewport}`).toBeLessThanOrEqual(pay.viewport);
      const before = await atCard(page, mode, (where) => where.evaluate(fields));
      expect(before.order).toEqual(['number', 'expiry', 'securityCode', 'holder', 'holderDocument', 'installments']);
      expect(before.expiry.top).toBe(before.code.top);
      expect(before.expiry.right).toBeLessThan(before.code.left);
      expect(before.lines.every((n) => n <= 1.01), `lines per field: ${before.lines}`).toBe(true);
      expect(before.lines).toHaveLength(5);
      expect(before.planLines).toBeGreaterThan(1.99);
      expect(before.planLines).toBeLessThan(2.01);
      // Pay pressed on an empty card: every field says why, nothing moves, nothing is inserted above Pay.
      await submit(page, 'pt-BR');
      expect(await finalOutcome(page)).toBe('invalid');
      const after = await atCard(page, mode, async (where) => {
        await expect.poll(() => where.shadow('svc-card-form', '#expiry-error').text()).toBe('Informe a data.');
        return where.evaluate(fields);
      });
      expect(after.inputs).toEqual(before.inputs);
      expect(after.lines.every((n) => n <= 1.01), `lines per field: ${after.lines}`).toBe(true);
      expect(await payPlace(page)).toEqual((({ scrolled: _, ...place }) => place)(pay));
    });
  }

  test(`${mode} at 320 px: every built-in message of each field fits its one line, in pt-BR and en`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width: 320, height: 844 });
    for (const lang of ['pt-BR', 'en'] as const) {
      await open(page, mode, lang);
      const s = stringsFor(lang);
      const messages: [string, string[]][] = [
        ['number', [s.numberRequired, s.numberIncomplete, s.numberInvalid, s.brandNotAccepted.replace('{brand}', 'American Express')]],
        ['expiry', [s.expiryRequired, s.expiryInvalid, s.expiryPast, s.expiryTooFar]],
        ['securityCode', [s.codeRequired, s.codeLength.replace('{digits}', '3–4')]],
        ['holder', [s.holderRequired]],
        ['holderDocument', [s.documentRequired, s.documentIncomplete, s.documentInvalid]],
      ];
      const pay = await payBox(page);
      for (const [field, texts] of messages) {
        for (const text of texts) {
          await page.locator('svc-card-form').evaluate((card: HTMLElement & { showError(f: string, m: string): void }, [f, m]: string[]) => card.showError(f!, m!), [field, text]);
          const shown = await atCard(page, mode, async (where) => {
            await expect.poll(() => where.shadow('svc-card-form', `#${field}-error`).text()).toBe(text);
            return where.evaluate(fields);
          });
          expect(shown.lines.every((n) => n <= 1.01), `${lang} ${field} "${text}": lines ${shown.lines}`).toBe(true);
        }
      }
      expect(await payPlace(page)).toEqual((({ scrolled: _, ...place }) => place)(pay));
    }
  });

  test(`${mode}: a decline is beside Pay (issue 39), in sight; Pay does not move; "Tentar outro cartão" goes to the number`, async ({ enginePage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, mode);
    await atCard(page, mode, (where) => typeCard(where, DECLINED_CARD, 'pt-BR'));
    const pay = await payBox(page);
    await submit(page, 'pt-BR');
    expect(await finalOutcome(page)).toBe('declined');
    expect(await page.locator('#outcome').text()).toBe('');
    await expect.poll(() => page.locator('#pay-outcome').text()).toContain('Pagamento recusado pelo banco emissor.');
    const alert = await page.evaluate(() => { const r = document.getElementById('pay-outcome')!.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, viewport: innerHeight }; });
    expect(alert.top >= 0 && alert.bottom <= alert.viewport, `the alert at ${alert.top}-${alert.bottom} of ${alert.viewport}`).toBe(true);
    expect(await payPlace(page)).toEqual((({ scrolled: _, ...place }) => place)(pay));
    await page.byRole('button', { name: 'Tentar outro cartão' }).click();
    await atCard(page, mode, (where) => expect.poll(() => where.byLabel('Número do cartão').isFocused()).toBe(true));
    expect(await page.locator('#pay-outcome').text()).toBe('');
  });

  test(`${mode}: a complete number moves on to the expiry, a complete expiry to the CVV`, async ({ enginePage: page }) => {
    await open(page, mode);
    await atCard(page, mode, async (where) => {
      await where.byLabel('Número do cartão').type(PAID_NUMBER);
      await expect.poll(() => where.byLabel(/^Validade/).isFocused()).toBe(true);
      await where.keyboard.type(EXPIRY_TYPED);
      await expect.poll(() => where.byLabel(/^CVV/).isFocused()).toBe(true);
      await where.keyboard.type('123');
      expect(await where.byLabel(/^CVV/).value()).toBe('123');
    });
  });
}
