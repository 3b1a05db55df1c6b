// @engines all
// Issue 11's extras on the inline element, in every engine: "Parcelas" and the holder's CPF
// give the form entries card.installments / card.holderDocument beside the token, and
// svc-encrypted's detail; axe stays at zero. Frame mode: e2e/frame/checkout-extras.spec.ts.
import { engineAxeViolations } from '../support/axe.js';
import { expect, test } from './fixture.js';

// As a merchant's server gives them (svc-card/server's plansWithRates): the 12x plan carries its monthly rate and CET.
const PLANS = [{ installment: 1 }, { installment: 3 }, { installment: 12, installmentAmount: 12.1, totalAmount: 145.2, monthlyRate: 1.76, cet: 23.23 }];

test('3x and a CPF go out with the token: form entries and svc-encrypted detail; axe clean', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.page.evaluate((plans) => {
    const el = document.querySelector('svc-card-form')!;
    Object.assign(el, { installments: plans, amount: 12990, holderDocument: true });
  }, PLANS);
  const select = checkout.part('#installments');
  await expect.poll(() => select.value()).toBe('1');
  expect(await checkout.page.byLabel('Parcelas').value()).toBe('1'); // labelled
  // Issue 39: the chosen option is the installments alone, as the closed select shows it; the line under it says the rest.
  expect(await checkout.part('#installments option:first-child').text()).toMatch(/^1x de R\$\s129,90$/);
  expect(await engineAxeViolations(checkout.page)).toEqual([]);

  await checkout.fill();
  await checkout.field('holderDocument' as never).type('52998224725');
  expect(await checkout.field('holderDocument' as never).value()).toBe('529.982.247-25');
  // Type-ahead on the focused <select>, as a keyboard user picks an option.
  await select.type('3');
  await expect.poll(() => select.value()).toBe('3');
  expect(await engineAxeViolations(checkout.page)).toEqual([]);

  await checkout.page.locator('#pay').click();
  await expect.poll(async () => (await checkout.seen()).submits.length).toBe(1);
  const { submits, events } = await checkout.seen();
  // Sorted: WebDriver's JSON does not keep the page's key order.
  expect(Object.keys(submits[0]!).sort()).toEqual(['card', 'card.holderDocument', 'card.installments']);
  expect(submits[0]).toMatchObject({ 'card.installments': '3', 'card.holderDocument': '52998224725' });
  const token = JSON.parse(String(submits[0]!.card));
  expect(Object.keys(token)).toEqual(['keyId', 'encryptedKey', 'iv', 'ciphertext', 'authTag']);
  const encrypted = events.filter((e) => e.type === 'svc-encrypted').map((e) => e.detail);
  expect(encrypted).toEqual([{ encryptedCard: token, brand: 'mastercard', last4: '4444', installments: 3, holderDocument: '52998224725' }]);
});

test('a wrong CPF is shown on blur and stops the submit; axe clean with the error', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.page.evaluate(() => document.querySelector('svc-card-form')!.setAttribute('holder-document', ''));
  const documentField = checkout.field('holderDocument' as never);
  await expect.poll(() => documentField.count()).toBe(1);
  await checkout.fill();
  await documentField.type('11111111111');
  await documentField.press('Tab');
  await documentField.toHaveDescription('CPF ou CNPJ inválido.');
  expect(await engineAxeViolations(checkout.page)).toEqual([]);
  await checkout.page.locator('#pay').click();
  await expect.poll(() => documentField.isFocused()).toBe(true);
  expect((await checkout.seen()).submits).toEqual([]);
});
