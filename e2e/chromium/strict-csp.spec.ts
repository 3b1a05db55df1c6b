// @engines chromium
// Chromium: the demo page and a plain page, served with a strict CSP (script-src
// 'self', no unsafe-inline, no unsafe-eval, Trusted Types required), work and
// report no violation.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { SHARED_PUBLIC_KEY, decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';
import { watchViolations } from '../support/violations.js';

const STRICT = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types lit-html";

let demo: Demo;
let files: StaticServer;
let builtIntegrity: string;
// The worker's demo (support/engine-fixture.ts), its strict policy the demo's own.
test.beforeAll(async ({ demo: workerDemo }) => {
  demo = workerDemo;
  // Our own SRI of the built file, not the value the demo computed.
  builtIntegrity = `sha384-${createHash('sha384').update(readFileSync(resolve(ROOT, 'dist/svc-card-form.js'))).digest('base64')}`;
  files = await startStaticServer(ROOT, () => ({ 'content-security-policy': STRICT }));
});
test.afterAll(async () => { await files?.close(); });

test('the demo page is served with the strict policy', async ({ page }) => {
  const response = await page.goto(checkoutUrl(demo.url));
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/);
  const script = page.locator('script[src*="svc-card-form-"]');
  await expect(script).toHaveAttribute('integrity', builtIntegrity);
  expect(builtIntegrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  // And the bytes the page gets are those bytes.
  const served = await page.request.get(new URL((await script.getAttribute('src'))!, demo.url).href);
  expect(`sha384-${createHash('sha384').update(await served.body()).digest('base64')}`).toBe(builtIntegrity);
});

test('the demo journey under the strict policy reports no violation', async ({ page }) => {
  const violations = watchViolations(page);
  await violations.ready;
  await page.goto(checkoutUrl(demo.url));
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  expect(await violations.all()).toEqual([]);
});

test('the violation watch does see a violation (the check above can fail)', async ({ page }) => {
  const violations = watchViolations(page);
  await violations.ready;
  await page.goto(checkoutUrl(demo.url));
  await page.evaluate(() => {
    const script = document.createElement('script');
    try { script.textContent = 'window.inline = 1'; } catch { /* Trusted Types may throw here */ }
    document.body.append(script);
  });
  await expect.poll(() => violations.all().then((v) => v.length)).toBeGreaterThan(0);
});

test('a plain page under the strict policy: svc and the element work, no violation', async ({ page }) => {
  const violations = watchViolations(page);
  await violations.ready;
  await page.goto(`${files.url}/e2e/pages/strict-csp.html`);
  await expect(page.getByLabel('Card number')).toBeVisible();
  const result = await page.evaluate((input) => (window as any).svc.encryptCard(input), { ...PAID_CARD, publicKey: SHARED_PUBLIC_KEY });
  expect((await decryptWithSharedKey(result.encryptedCard)).paymentProfile.cardNumber).toBe(PAID_NUMBER);
  expect(await violations.all()).toEqual([]);
});
