// Issue 12, the processing state holds still, on the demo (its POST /api/pay held back by the
// test, as paying.spec.ts), inline and in the frame, at 390 and 1280 px, Chromium and Firefox
// ESR: entering the busy state (fields read-only, the Pay button's spinner and "Processando…")
// and leaving it (a decline: the form stays) move no input and not the Pay button, and Chromium
// reports no layout-shift entry at all, those right after input counted, on the page or in the
// frame. The outcome the page shows after the answer is the page's own content below the form,
// not the busy state: the test takes it out of the flow so that what is counted is the busy state's.
import { DECLINED_CARD } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard, type Isolation } from '../support/checkout.js';
import { boxes, shiftsSeen, watchShifts } from '../support/layout.js';
import { cardFrame, cardFrameDocument, expect, openFrameCheckout, test } from './fixture.js';

const FIELDS = ['holder', 'number', 'expiry', 'securityCode'];

for (const width of [390, 1280]) {
  for (const mode of ['inline', 'frame'] as Isolation[]) {
    test(`${mode} mode, ${width} px: entering and leaving the busy state moves no input and not the Pay button`, async ({ page, demo }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.addInitScript(() => {
        if (window !== window.top) return;
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('#outcome{position:absolute}');
        document.adoptedStyleSheets = [sheet];
      });
      if (mode === 'frame') await openFrameCheckout(page, demo, 'pt-BR');
      else await page.goto(checkoutUrl(demo.url, 'pt-BR', 'inline'));
      const fields = mode === 'frame' ? cardFrame(page) : page;
      const documents = mode === 'frame' ? [page, cardFrameDocument(page)] : [page];
      // Inline: the inputs and the Pay button; frame: the Pay button on the page, the inputs in the frame.
      const places = async () => Promise.all(documents.map((doc, i) => doc.evaluate(boxes, ['svc-card-form', i ? [] : ['pay']] as [string, string[]])));
      const reports = await page.evaluate(watchShifts);
      for (const doc of documents.slice(1)) await doc.evaluate(watchShifts);
      await typeCard(fields, DECLINED_CARD, 'pt-BR');
      let release!: () => void;
      const answered = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/pay', async (route) => {
        await answered;
        await route.continue();
      });
      await page.locator('#pay').scrollIntoViewIfNeeded();
      const before = await places();
      expect(before[0]!.length).toBe(mode === 'frame' ? 1 : 6); // the Pay button, and inline the five inputs
      await submit(page, 'pt-BR');
      await expect(page.getByRole('button', { name: 'Processando…' })).toBeVisible();
      for (const id of FIELDS) await expect(fields.locator(`#${id}`)).toHaveJSProperty('readOnly', true);
      expect(await places()).toEqual(before);
      release();
      expect(await finalOutcome(page)).toBe('declined');
      for (const id of FIELDS) await expect(fields.locator(`#${id}`)).toHaveJSProperty('readOnly', false);
      await expect(page.getByRole('button', { name: /^Pagar / })).toBeVisible();
      expect(await places()).toEqual(before);
      if (reports) for (const doc of documents) expect(await doc.evaluate(shiftsSeen)).toEqual([]);
    });
  }
}
