// @engines chromium
// Chromium: a non-secure origin (a made-up host mapped to loopback over http,
// ../shared/ENGINES.md) has no crypto.subtle: the customer is told the page is
// not secure, the IIFE rejects with SECURE_CONTEXT_REQUIRED, nothing is sent.
import type { Browser } from '@playwright/test';
import type { Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, outcome, submit, typeCard, type CheckoutLang } from '../support/checkout.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-args.mjs';
import { SHARED_PUBLIC_KEY } from '../support/decrypt.js';
import { expect, test } from '../support/engine-fixture.js';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

let demo: Demo;
let files: StaticServer;
let browser: Browser;
// The worker's demo (support/engine-fixture.ts), reached under a made-up host name.
test.beforeAll(async ({ playwright, demo: workerDemo }) => {
  demo = workerDemo;
  files = await startStaticServer(ROOT);
  browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP shop.test 127.0.0.1'],
  });
});
test.afterAll(async () => { await browser?.close(); await files?.close(); });

const insecure = (url: string) => url.replace('127.0.0.1', 'shop.test');

const NOT_SECURE = { en: 'This page is not secure', 'pt-BR': 'Esta página não é segura' } satisfies Record<CheckoutLang, string>;

for (const lang of ['en', 'pt-BR'] satisfies CheckoutLang[]) {
  test(`the demo checkout on http://shop.test says the page is not secure and sends nothing (${lang})`, async () => {
    const page = await browser.newPage();
    const payments: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/pay')) payments.push(request.url()); });
    await page.goto(insecure(checkoutUrl(demo.url, lang)));
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([false, 'undefined']);
    const error = page.evaluate(() => new Promise((resolve) => {
      document.addEventListener('svc-error', (event) => resolve((event as CustomEvent).detail.code), { once: true });
    }));
    await typeCard(page, PAID_CARD, lang);
    await submit(page, lang);
    expect(await error).toBe('SECURE_CONTEXT_REQUIRED');
    await expect(outcome(page)).toHaveAttribute('data-outcome', 'error');
    await expect(outcome(page)).toContainText(NOT_SECURE[lang]);
    expect(payments).toEqual([]);
    await page.close();
  });
}

test('svc.encryptCard on an insecure plain page rejects with SECURE_CONTEXT_REQUIRED naming HTTPS', async () => {
  const page = await browser.newPage();
  await page.goto(`${insecure(files.url)}/e2e/pages/plain.html`);
  const answer = await page.evaluate((input) => (window as any).svc.encryptCard(input).then(
    () => ({ code: 'resolved', message: '' }),
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  ), { ...PAID_CARD, publicKey: SHARED_PUBLIC_KEY });
  expect(answer.code).toBe('SECURE_CONTEXT_REQUIRED');
  expect(answer.message).toMatch(/HTTPS/);
  await page.close();
});
