// @engines all
// Form participation: the form value is the token and nothing else, validity
// follows the fields, reset, disabled fieldsets, keyboard-only submit.
import { EXP_YEAR, EXPIRY_TYPED, LUHN_FAILING_NUMBER, PAID_NUMBER } from '../support/cards.mjs';
import { luhnCheckDigit } from '../../test/element/card-numbers.js';
import { decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test, CARD, type Checkout, type FieldId } from './fixture.js';

const FIELDS: FieldId[] = ['holder', 'number', 'expiry', 'securityCode'];
const activeField = (checkout: Checkout) => checkout.page.evaluate(() =>
  document.activeElement?.localName === 'svc-card-form' ? document.activeElement.shadowRoot!.activeElement?.id : document.activeElement?.id);
const checkValidity = (checkout: Checkout) =>
  checkout.page.evaluate(() => (document.querySelector('svc-card-form') as HTMLElement & { checkValidity(): boolean }).checkValidity());
const submitCount = (checkout: Checkout) => checkout.page.evaluate(() => window.seen.submits.length);

test('encrypts on submit, then submits the token as the only form value', async ({ checkout }) => {
  await checkout.open();
  // The script-tag build also provides the global svc.
  expect(await checkout.page.evaluate(() => typeof (globalThis as { svc?: { encryptCard?: unknown } }).svc?.encryptCard)).toBe('function');
  await checkout.fill();
  await checkout.page.locator('#pay').click();
  await expect.poll(() => checkout.page.url()).toMatch(/done\.html/);
  const params = new URL(await checkout.page.url()).searchParams;
  expect([...params.keys()]).toEqual(['card']);
  const token = JSON.parse(params.get('card')!);
  expect(Object.keys(token).sort()).toEqual(['authTag', 'ciphertext', 'encryptedKey', 'iv', 'keyId']);
  expect(token.keyId).toBe('v1');
  expect(atob(token.iv)).toHaveLength(12);
  expect(atob(token.encryptedKey)).toHaveLength(256);
  const { paymentProfile } = await decryptWithSharedKey(token);
  expect(paymentProfile).toEqual({ holderName: CARD.holder, cardNumber: CARD.number, cardExpiration: `12/${EXP_YEAR}`, cardCvv: CARD.code });
});

test('the merchant submit listener sees only the submit that carries a fresh token', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.fill();
  await checkout.page.locator('#pay').click();
  await expect.poll(() => submitCount(checkout)).toBe(1);
  await checkout.page.locator('#pay').click();
  await expect.poll(() => submitCount(checkout)).toBe(2);
  const [first, second] = (await checkout.seen()).submits.map((s) => JSON.parse(s.card as string));
  expect(first.encryptedKey).not.toBe(second.encryptedKey); // encrypted again at each submit
  const { busy } = await checkout.seen();
  expect(busy.slice(0, 2)).toEqual(['true', 'false']);
});

test('validity follows the fields; a failed submit focuses the first bad field', async ({ checkout }) => {
  await checkout.open();
  expect(await checkValidity(checkout)).toBe(false);
  await checkout.field('holder').type('ANA');
  await checkout.field('number').type(LUHN_FAILING_NUMBER);
  await checkout.page.locator('#pay').click();
  await expect.poll(() => checkout.field('number').attribute('aria-invalid')).toBe('true');
  await expect.poll(() => checkout.field('expiry').attribute('aria-invalid')).toBe('true');
  expect(await activeField(checkout)).toBe('number');
  expect(await checkout.page.url()).toContain('checkout.html');
  // Fixing the number moves the first bad field on.
  await checkout.field('number').clear();
  await checkout.field('number').type(PAID_NUMBER);
  expect(await checkout.page.evaluate(() => (document.getElementById('checkout') as HTMLFormElement).reportValidity())).toBe(false);
  expect(await activeField(checkout)).toBe('expiry');
  await checkout.field('expiry').type(EXPIRY_TYPED);
  await checkout.field('securityCode').type('123');
  expect(await checkValidity(checkout)).toBe(true);
});

test('a failed submit in a novalidate form still shows errors and focuses the first bad field', async ({ checkout }) => {
  await checkout.open();
  await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await checkout.page.locator('#pay').click();
  // The number first (issue 27): the first bad field of an empty card.
  await expect.poll(() => checkout.field('number').attribute('aria-invalid')).toBe('true');
  expect(await activeField(checkout)).toBe('number');
  await expect.poll(() => checkout.part('[role="status"]').text()).toContain('Corrija os campos indicados: 4.');
});

test('form reset clears fields, errors and the form value', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.fill();
  await checkout.page.locator('#pay').click();
  await expect.poll(() => submitCount(checkout)).toBe(1);
  await checkout.page.locator('#clear').click();
  for (const id of FIELDS) await expect.poll(() => checkout.field(id).value()).toBe('');
  const card = await checkout.page.evaluate(() => new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'));
  expect(card).toBeNull();
});

test('a disabled fieldset disables the element and takes it out of the form', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.fill();
  await checkout.page.evaluate(() => { (document.getElementById('payment') as HTMLFieldSetElement).disabled = true; });
  await expect.poll(() => checkout.field('number').isEnabled()).toBe(false);
  expect(await checkout.page.evaluate(() => document.querySelector('svc-card-form')!.matches(':disabled'))).toBe(true);
  await checkout.page.locator('#pay').click();
  await expect.poll(() => submitCount(checkout)).toBe(1);
  expect((await checkout.seen()).submits[0]).toEqual({});
  await checkout.page.evaluate(() => { (document.getElementById('payment') as HTMLFieldSetElement).disabled = false; });
  await expect.poll(() => checkout.field('number').isEnabled()).toBe(true);
});

test('works with the keyboard only: Tab through the fields, Enter submits', async ({ checkout }) => {
  await checkout.open();
  await checkout.page.locator('h1').click();
  await checkout.page.keyboard.press('Tab');
  expect(await activeField(checkout)).toBe('number'); // the number first (issue 27)
  await checkout.page.keyboard.type('6062825624254001'.slice(0, 15));
  const number = await checkout.field('number').value();
  const digits = number.replace(/\D/g, '');
  // Complete with the Luhn digit for whatever prefix was typed: a complete number moves on by itself.
  await checkout.page.keyboard.type(luhnCheckDigit(digits));
  await expect.poll(() => checkout.part('[part="brand-name"]').text()).toBe('Hipercard');
  expect(await activeField(checkout)).toBe('expiry');
  await checkout.page.keyboard.type(`07${EXP_YEAR.slice(2)}`); // complete and valid: on to the CVV
  expect(await activeField(checkout)).toBe('securityCode');
  await checkout.page.keyboard.type('987');
  await checkout.page.keyboard.press('Tab');
  expect(await activeField(checkout)).toBe('holder');
  await checkout.page.keyboard.type('JOAO PEREIRA');
  await checkout.page.keyboard.press('Enter');
  await expect.poll(() => checkout.page.url()).toMatch(/done\.html\?card=/);
});
