// @engines chromium
// Chromium: during a whole checkout the page talks to the merchant server only,
// and what it posts is the token: no card number, code or holder name.
import type { Demo } from '../../demo/start-demo.mjs';
import { expect, test } from '../support/engine-fixture.js';
import { CARD_EXPIRATION, HOLDER_CPF, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { checkoutUrl, finalOutcome, submit, typeCard } from '../support/checkout.js';

let demo: Demo;
// The worker's demo (support/engine-fixture.ts): the origins are read from this test's own page.
test.beforeAll(({ demo: workerDemo }) => { demo = workerDemo; });

test('every request goes to the merchant origin; the payment post holds only the token', async ({ page }) => {
  const requests: { url: string; body: string | null }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), body: request.postData() }));
  await page.goto(checkoutUrl(demo.url));
  await typeCard(page, PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');

  const origins = new Set(requests.map((r) => new URL(r.url).origin));
  expect([...origins]).toEqual([demo.url]);
  const posts = requests.filter((r) => r.body !== null);
  expect(posts.map((r) => new URL(r.url).pathname)).toEqual(['/api/pay']);
  const sent = JSON.parse(posts[0]!.body!);
  // Beside the token: the installments chosen and the holder's CPF (issue 11: not card data,
  // the store checks both) and the language of the outcome message. Nothing about the card.
  expect(Object.keys(sent)).toEqual(['encryptedCard', 'installments', 'holderDocument', 'lang']);
  expect(sent).toMatchObject({ installments: 1, holderDocument: HOLDER_CPF, lang: 'en' });
  expect(Object.keys(sent.encryptedCard).sort()).toEqual(['authTag', 'ciphertext', 'encryptedKey', 'iv', 'keyId']);
  for (const secret of [PAID_NUMBER, PAID_CARD.number.slice(0, 9), 'MARIA', '"123"', CARD_EXPIRATION]) expect(posts[0]!.body).not.toContain(secret);
  expect(page.url()).toBe(checkoutUrl(demo.url)); // the form never navigated with the token in the URL
});
