// @engines chromium firefox @layout
// The card frame's page comes already rendered, with its keys (issue 27 "No blank frame", issue 28
// item 2): its fields are painted from the first response, before the frame's script runs (held
// back here), read-only until the script renders them anew in place; the frame asks for no JWKS;
// its <style> passes the frame's strict CSP by hash; and the shopper then types and pays.
import { PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, cardFrameDocument, expect, openFrameCheckout, test } from './fixture.js';

const SCRIPT_DELAY = 1_500;

test('the frame paints its read-only fields before its script, asks for no JWKS, then renders them in place and pays', async ({ page, demo }) => {
  test.setTimeout(60_000);
  // In the card frame only: animation frames with the fields laid out while the element is undefined.
  await page.addInitScript(() => {
    if (window === window.top) return;
    const seen = ((window as any).seen = { framesBeforeScript: 0, readOnlyBefore: false, violations: [] as string[] });
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    const watch = () => {
      if (customElements.get('svc-card-form')) return;
      const number = document.querySelector('svc-card-form')?.shadowRoot?.getElementById('number') as HTMLInputElement | null;
      if (number && number.getBoundingClientRect().width > 0) {
        seen.framesBeforeScript++;
        seen.readOnlyBefore = number.readOnly;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const jwksRequests: string[] = [];
  page.on('request', (request) => { if (request.url().includes('jwks')) jwksRequests.push(request.url()); });
  await page.route(`${demo.frame.origin}/**/card-frame-*.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY));
    await route.continue();
  });
  await openFrameCheckout(page, demo);
  const frame = cardFrameDocument(page);
  const seen = await frame.evaluate(() => {
    const root = document.querySelector('svc-card-form')!.shadowRoot!;
    return {
      ...(window as any).seen,
      groups: root.querySelectorAll('.group').length,
      styles: root.querySelectorAll('style').length,
      readOnlyAfter: (root.getElementById('number') as HTMLInputElement).readOnly,
      inlineKeys: !!document.getElementById('svc-jwks'),
    };
  });
  expect(seen.framesBeforeScript).toBeGreaterThanOrEqual(2);
  expect(seen.readOnlyBefore).toBe(true);
  expect(seen).toMatchObject({ groups: 1, styles: 1, readOnlyAfter: false, inlineKeys: true, violations: [] });
  expect(jwksRequests).toEqual([]);

  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});
