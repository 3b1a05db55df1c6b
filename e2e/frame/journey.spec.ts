// Frame mode end to end (issue 9): a customer types a test card into the card frame and pays;
// the token the page got decrypts, with the demo key the frame's JWKS came from, to what was
// typed. And the inline mode (?isolation=inline) still pays on the same demo.
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';
import { serverModule } from '../support/decrypt.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

test('frame mode: type, pay, and the token decrypts on the service to what was typed', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  const tokens = page.evaluateHandle(() => new Promise((resolve) => document.addEventListener('svc-encrypted', (e) => resolve((e as CustomEvent).detail), { once: true })));
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
  const detail = (await (await tokens).jsonValue()) as { encryptedCard: object; brand: string; last4: string };
  expect(detail).toMatchObject({ brand: 'visa', last4: '1111' });
  const decryptor = await (await serverModule()).createDecryptor({ keys: { [demo.keys.keyId]: demo.keys.privateKeyPem } });
  expect((await decryptor.decrypt(detail.encryptedCard)).paymentProfile).toEqual(PAID_PROFILE);
  // The form value is the token and nothing else.
  const formValue = await page.evaluate(() => new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'));
  expect(JSON.parse(String(formValue))).toEqual(detail.encryptedCard);
});

test('?isolation=inline keeps the inline element on the same demo, and it pays', async ({ page, demo }) => {
  await page.goto(checkoutUrl(demo.url, 'en', 'inline'));
  await expect(page.locator('svc-card-form iframe')).toHaveCount(0);
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

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
