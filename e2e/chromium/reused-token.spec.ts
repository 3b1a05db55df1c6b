// @engines chromium
// Chromium: the same token submitted twice (a replayed request) gets the
// reused-token answer, and the customer is asked to submit again; submitting
// again makes a fresh token and pays.
import { expect, test } from '@playwright/test';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../support/demo-keys.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, outcome, submit, typeCard, type CheckoutLang } from '../support/checkout.js';

let demo: Demo;
test.beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
test.afterAll(async () => demo?.close());

test('a token sent twice: "please submit again", then a fresh submit pays', async ({ page }) => {
  await page.goto(checkoutUrl(demo.url));
  const firstPost = page.waitForRequest('**/api/pay');
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const usedBody = (await firstPost).postData()!;
  expect(JSON.parse(usedBody).encryptedCard).toMatchObject({ keyId: 'v1', iv: expect.any(String) });

  // A second checkout (the receipt's "New order": a reload would show the receipt again) whose request carries the token already used.
  await page.locator('#new-order').click();
  await expect(page.locator('#checkout')).toBeVisible();
  await page.route('**/api/pay', (route) => route.continue({ postData: usedBody }), { times: 1 });
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('resubmit');
  await expect(outcome(page)).toContainText('Please submit again');
  const reused = [...demo.sandbox.records.transactions.values()].filter((t) => t.status === 'PAID');
  expect(reused).toHaveLength(1);

  // The page still shows `resubmit` until the new answer lands: wait for that
  // answer, then for the outcome it brings (finalOutcome alone could read the old one).
  const secondAnswer = page.waitForResponse((r) => r.url().endsWith('/api/pay') && r.request().method() === 'POST');
  await submit(page);
  expect((await secondAnswer).status()).toBe(200);
  await expect(outcome(page)).toHaveAttribute('data-outcome', 'paid');
  expect([...demo.sandbox.records.transactions.values()].filter((t) => t.status === 'PAID')).toHaveLength(2);
});

const SUBMIT_AGAIN = { en: 'Please submit again', 'pt-BR': 'Envie novamente' } satisfies Record<CheckoutLang, string>;

for (const lang of ['en', 'pt-BR'] satisfies CheckoutLang[]) {
  test(`an expired token (service clock 601 s ahead): "please submit again" (${lang})`, async ({ page }) => {
    const late = await startDemo({ port: 0, keysDir: testKeysDir(), decryptorOptions: { now: () => Date.now() + 601_000 } });
    try {
      await page.goto(checkoutUrl(late.url, lang));
      await typeCard(page, PAID_CARD, lang);
      await submit(page, lang);
      expect(await finalOutcome(page)).toBe('resubmit');
      await expect(outcome(page)).toContainText(SUBMIT_AGAIN[lang]);
      expect(late.sandbox.records.transactions.size).toBe(0);
    } finally {
      await late.close();
    }
  });
}
