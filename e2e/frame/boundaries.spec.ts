// The frame's boundary against a third origin (issue 9): a page of another origin cannot embed
// the frame (CSP frame-ancestors names the merchant only). Forged messages: forged-messages.spec.ts.
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

let third: StaticServer; // 127.0.0.1 on its own port: neither the merchant's origin nor the frame's
test.beforeAll(async () => { third = await startStaticServer(process.cwd()); });
test.afterAll(async () => third?.close());

test('a page of another origin cannot embed the frame (frame-ancestors)', async ({ page, demo }) => {
  const src = encodeURIComponent(demo.frame.src);
  await page.goto(`${third.url}/e2e/pages/frame/embed.html?src=${src}`);
  await page.waitForFunction(() => (window as unknown as { loaded: boolean }).loaded);
  const response = await page.request.get(demo.frame.src);
  expect(response.headers()['content-security-policy']).toContain(`frame-ancestors ${demo.url}`);
  // The refused frame never ran: no field in it, no hello with a port to the embedder.
  await expect(page.frameLocator('iframe').locator('input')).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  // The same page and frame, embedded by the merchant's origin, does run (the refusal above is frame-ancestors).
  await openFrameCheckout(page, demo);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
});
