// @engines all
// Defect 10 (issue 12) in every engine: two <svc-card-form> in one form (say, a payment split
// over two cards). Each used to hold back the other's resubmit, endlessly; now one submit
// encrypts both and the form goes once, with both tokens.
import { decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test, CARD, PUBLIC_KEY } from './fixture.js';
import { PAID_NUMBER } from '../support/cards.mjs';

const SECOND = { holder: 'JOAO SOUZA', number: PAID_NUMBER, expiry: CARD.expiry, code: '456' };

test('two card elements in one form: one submit, both tokens, each the card typed in it', async ({ checkout }) => {
  await checkout.open('?stay');
  const { page } = checkout;
  await page.evaluate((pem) => {
    const second = document.createElement('svc-card-form');
    second.setAttribute('name', 'card2');
    second.setAttribute('key-id', 'v1');
    second.publicKey = pem;
    document.getElementById('payment')!.append(second);
    return second.updateComplete;
  }, PUBLIC_KEY);
  await checkout.fill();
  const field = (id: string) => page.shadow('svc-card-form[name="card2"]', `#${id}`);
  await field('holder').type(SECOND.holder);
  await field('number').type(SECOND.number);
  await field('expiry').type(SECOND.expiry);
  await field('securityCode').type(SECOND.code);
  await page.locator('#pay').click();
  await expect.poll(() => page.evaluate(() => window.seen.submits.length)).toBe(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500))); // no second submit comes
  const { submits } = await checkout.seen();
  expect(submits).toHaveLength(1);
  const first = await decryptWithSharedKey(JSON.parse(submits[0]!.card as string));
  const second = await decryptWithSharedKey(JSON.parse(submits[0]!.card2 as string));
  expect([first.paymentProfile.cardNumber, second.paymentProfile.cardNumber]).toEqual([CARD.number, SECOND.number]);
  expect(second.paymentProfile.holderName).toBe(SECOND.holder);
});
