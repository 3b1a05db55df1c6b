// Issue 12 in frame mode (Chromium and Firefox ESR): the iframe keeps its reserved height, so the
// merchant's Pay button does not move while four brands' numbers are typed and errors come and
// go, nor do the inputs inside the frame; no layout-shift entry on either side (Chromium). A dark
// merchant page (color-scheme: dark, light text) gets a dark form in the frame, axe clean.
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.js';
import { boxes, BRAND_NUMBERS, shiftsSeen, watchShifts } from '../support/layout.js';
import { cardFrame, cardFrameDocument as frameOf, expect, openFrameCheckout, test } from './fixture.js';

const pagePlaces = (page: Page) => page.evaluate(() => ['svc-card-form', 'pay'].map((id) => {
  const r = (document.getElementById(id) ?? document.querySelector(id))!.getBoundingClientRect();
  return [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(',');
}));
const framePlaces = (page: Page) => frameOf(page).evaluate(boxes, ['svc-card-form', []] as [string, string[]]);

for (const width of [390, 1280]) {
  test(`typing four brands and errors coming and going move nothing, in the frame or on the page (${width} px)`, async ({ page, demo }) => {
    await page.setViewportSize({ width, height: 844 });
    await openFrameCheckout(page, demo);
    const reports = await page.evaluate(watchShifts);
    await frameOf(page).evaluate(watchShifts);
    const before = [await pagePlaces(page), await framePlaces(page)];
    const frame = cardFrame(page);
    for (const digits of Object.values(BRAND_NUMBERS)) {
      await frame.locator('#number').pressSequentially(digits);
      await frame.locator('#securityCode').pressSequentially('1234');
      expect([await pagePlaces(page), await framePlaces(page)]).toEqual(before);
      await frame.locator('#number').clear();
      await frame.locator('#securityCode').clear();
    }
    await frame.locator('#number').pressSequentially('4111111111111112');
    await frame.locator('#expiry').pressSequentially('13');
    await frame.locator('#holder').focus();
    await expect(frame.locator('#expiry')).toHaveAttribute('aria-invalid', 'true');
    expect([await pagePlaces(page), await framePlaces(page)]).toEqual(before);
    if (reports) {
      expect(await page.evaluate(shiftsSeen)).toEqual([]);
      expect(await frameOf(page).evaluate(shiftsSeen)).toEqual([]);
    }
  });
}

// At 320 px the frame's form wraps more labels than the reserve allowed for (Chromium: the code's,
// Firefox ESR: the holder's too): svc-ready grew the iframe 15 px (Chromium) or 34 px (Firefox
// ESR) and moved the Pay button, before the reserves below 260 and 240 px of element width.
for (const [width, lang] of [[320, 'pt-BR'], [320, 'en'], [390, 'pt-BR'], [1280, 'pt-BR']] as const) {
  test(`the frame's answer moves nothing on the page: the iframe keeps the height reserved for it (${width} px, ${lang})`, async ({ page, demo }) => {
    await page.setViewportSize({ width, height: 844 });
    // Every height the element takes once laid out (0 before its definition, then the reserve).
    await page.addInitScript(() => {
      if (window !== window.top) return;
      const heights: number[] = ((window as unknown as { heights: number[] }).heights = []);
      const observer = new ResizeObserver(([entry]) => { if (entry!.contentRect.height) heights.push(Math.round(entry!.contentRect.height)); });
      document.addEventListener('DOMContentLoaded', () => observer.observe(document.querySelector('svc-card-form')!));
    });
    await openFrameCheckout(page, demo, lang);
    await frameOf(page).evaluate(() => new Promise(requestAnimationFrame));
    const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
    expect(heights.length).toBeGreaterThan(0);
    expect(new Set(heights).size, `heights taken: ${heights.join(', ')}`).toBe(1);
  });
}

test('a dark merchant page gets a dark form in the frame, in its text colour, axe clean', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  const inputBackground = () => cardFrame(page).locator('#number').evaluate((input) => getComputedStyle(input).backgroundColor);
  const light = await inputBackground();
  // The merchant's own style, there before the element connects (it is read at connect); a
  // constructed sheet, which the demo's CSP (no inline style) allows.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const sheet = new CSSStyleSheet();
    // --svc-color-surface: axe cannot see the page through the frame, so the frame paints the surface.
    sheet.replaceSync(':root{color-scheme:dark}body,section{background:#121212;color:#e8e8e8}.sandbox-note,.test-cards summary{color:#bbb}svc-card-form{--svc-color-surface:#121212}');
    document.adoptedStyleSheets = [sheet];
  });
  await openFrameCheckout(page, demo);
  await expect.poll(inputBackground).not.toBe(light);
  await expect.poll(() => cardFrame(page).locator('label[for=number]').evaluate((label) => getComputedStyle(label).color)).toBe('rgb(232, 232, 232)');
  expect(await axeViolations(page)).toEqual([]);
});

// At svc-ready the element takes the frame's height at once (an init script watches it from the
// first layout: Playwright only). Moved from journey.spec.ts when that spec joined WebKitGTK.
test('the frame is one cross-origin iframe with a title, the page language, and no layout shift at svc-ready', async ({ page, demo }) => {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const heights: number[] = [];
    (window as unknown as { heights: number[] }).heights = heights;
    document.addEventListener('DOMContentLoaded', () => {
      const element = document.querySelector('svc-card-form')!;
      new ResizeObserver(() => heights.push(element.getBoundingClientRect().height)).observe(element);
    });
  });
  await openFrameCheckout(page, demo, 'pt-BR');
  const iframe = page.locator('svc-card-form iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('title', 'Dados do cartão');
  expect(new URL((await iframe.getAttribute('src'))!).origin).toBe(demo.frame.origin);
  await expect(cardFrame(page).locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(cardFrame(page).getByLabel('Número do cartão')).toBeVisible();
  const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
  expect(heights.length).toBeGreaterThan(0);
  expect(new Set(heights).size, `heights seen: ${heights.join(', ')}`).toBe(1);
});
