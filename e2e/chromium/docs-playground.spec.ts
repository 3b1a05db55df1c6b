// @engines chromium
// The documentation site's playground (site/playground.md), in Chromium, on the dev server
// `npm run docs` starts (site/scripts/docs-server.mjs): the element in both modes against the
// demo's sandbox. A test card pays; the events list names what the element fired and shows the
// token only as its shape (no number, last four, holder or code in the events, the answer or the console); an
// attribute edited in the playground (lang) is followed by the element.
import { expect, test, type Page } from '@playwright/test';
import { startDocs, type Docs } from '../../site/scripts/docs-server.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { LABELS, typeCard } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';

let docs: Docs;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  docs = await startDocs({ port: 0, elementOnly: true, keysDir: testKeysDir() });
});
test.afterAll(async () => docs?.close());

/** The playground in `mode`, once its element is on the page (one: the sidebar names it as text). */
async function openPlayground(page: Page, mode: 'inline' | 'frame') {
  await page.goto(`${docs.url}/playground.html?mode=${mode}`);
  await expect(page.locator('.stage svc-card-form')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('svc-card-form')).toHaveCount(1);
  await expect(page.locator('.fired')).toContainText('svc-ready', { timeout: 20_000 });
}

for (const mode of ['inline', 'frame'] as const) {
  test(`${mode} mode: a test card pays the sandbox, and the events show the token only as its shape`, async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await openPlayground(page, mode);
    await typeCard(mode === 'frame' ? page.frameLocator('.stage svc-card-form iframe') : page, PAID_CARD);
    await page.getByRole('button', { name: 'Pay R$ 49,90 on the sandbox' }).click();
    await expect(page.locator('.payment')).toContainText('"http":200', { timeout: 20_000 });
    await expect(page.locator('.payment')).toContainText('"status":"PAID"');
    const events = (await page.locator('.events').textContent())!;
    const fired = (await page.locator('.fired').textContent())!;
    for (const name of ['svc-ready', 'svc-focus', 'svc-blur', 'svc-change', 'svc-brand', 'svc-encrypted']) expect(fired).toContain(name);
    expect(events).toMatch(/"encryptedCard":\{"keyId":"<\d+ characters>","encryptedKey":"<\d+ characters>"/);
    expect(events).toContain('"last4":"<4 digits>"');
    // What the playground shows and logs (the hint above the form names the test card itself).
    const text = [events, await page.locator('.payment').textContent(), ...logged].join('').replace(/\s+/g, '');
    for (const secret of [PAID_CARD.number, PAID_CARD.number.slice(-4), PAID_CARD.holder.replace(/\s+/g, ''), `"${PAID_CARD.securityCode}"`]) {
      expect(text.includes(secret), `shown or logged: ${secret}`).toBe(false);
    }
  });
}

test('lang chosen in the playground is the element\'s language', async ({ page }) => {
  await openPlayground(page, 'inline');
  await expect(page.getByLabel(LABELS.en.holder)).toBeVisible();
  await page.locator('.controls label', { hasText: 'lang' }).locator('select').selectOption('pt-BR');
  await expect(page.getByLabel(LABELS['pt-BR'].holder)).toBeVisible();
});
