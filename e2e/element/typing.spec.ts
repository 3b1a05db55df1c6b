// Typing, pasting and autofill-style inserts into the real inputs.
import { EXP_YEAR, EXPIRY_SHOWN } from '../support/cards.mjs';
import { expect, test } from './fixture.js';

test('groups the number as typed and keeps the caret on edits in the middle', async ({ checkout }) => {
  await checkout.open();
  const number = checkout.field('number');
  await number.pressSequentially('41111111');
  await expect(number).toHaveValue('4111 1111');
  await number.press('Home');
  await number.press('ArrowRight');
  await number.press('ArrowRight');
  await number.pressSequentially('9');
  await expect(number).toHaveValue('4191 1111 1');
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(3);
  // Backspace right after a space removes the digit before it, not just the space.
  await number.press('End');
  await number.press('ArrowLeft');
  await number.press('ArrowLeft');
  await number.press('Backspace');
  await expect(number).toHaveValue('4191 1111');
  expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(8);
});

test('formats Amex 4-6-5 with a 4-digit CID and Diners 4-6-4', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').pressSequentially('378282246310005');
  await expect(checkout.field('number')).toHaveValue('3782 822463 10005');
  await expect(checkout.page.locator('svc-card-form [part="brand-name"]')).toHaveText('American Express');
  await expect(checkout.page.getByLabel('Código de segurança (CID)')).toBeVisible();
  await checkout.field('securityCode').pressSequentially('12345');
  await expect(checkout.field('securityCode')).toHaveValue('1234');
  await checkout.field('number').fill('');
  await checkout.field('number').pressSequentially('30569309025904');
  await expect(checkout.field('number')).toHaveValue('3056 930902 5904');
});

test('normalises inserted text: spaces, dashes, dots and full-width digits', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').focus();
  await checkout.page.keyboard.insertText('６３６３-6800.0000 0005');
  await expect(checkout.field('number')).toHaveValue('6363 6800 0000 0005');
  await expect(checkout.page.locator('svc-card-form [part="brand-name"]')).toHaveText('Elo');
});

test('pastes from the clipboard', async ({ checkout, browserName }) => {
  test.skip(browserName !== 'chromium', 'clipboard permissions are a Chromium feature here');
  await checkout.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await checkout.open();
  await checkout.page.evaluate(() => navigator.clipboard.writeText('4111-1111-1111-1111'));
  await checkout.field('number').focus();
  await checkout.page.keyboard.press('ControlOrMeta+V');
  await expect(checkout.field('number')).toHaveValue('4111 1111 1111 1111');
});

test('understands values put in without keystrokes, as autofill does', async ({ checkout }) => {
  await checkout.open();
  // What Chromium's autofill does to shadow-DOM inputs: set the value, fire `input`, no keydown.
  const autofill = (id: string, value: string) => checkout.field(id as 'number').evaluate((input: HTMLInputElement, v) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }, value);
  await autofill('expiry', `${EXP_YEAR}-03`);
  await expect(checkout.field('expiry')).toHaveValue(EXPIRY_SHOWN);
  await autofill('expiry', `03 / ${EXP_YEAR}`);
  await expect(checkout.field('expiry')).toHaveValue(EXPIRY_SHOWN);
  await autofill('number', '4111111111111111');
  await expect(checkout.field('number')).toHaveValue('4111 1111 1111 1111');
  await autofill('holder', 'MARIA DA SILVA');
  await checkout.field('securityCode').pressSequentially('123');
  const states = await checkout.page.locator('svc-card-form').evaluate((el) => ({
    autofilled: el.matches(':state(autofilled)'), complete: el.matches(':state(complete)'),
  }));
  expect(states).toEqual({ autofilled: true, complete: true });
  const tokens = await checkout.page.locator('svc-card-form input').evaluateAll((inputs) =>
    inputs.map((i) => [i.getAttribute('autocomplete'), i.getAttribute('inputmode'), i.hasAttribute('name')]));
  expect(tokens).toEqual([['cc-name', null, false], ['cc-number', 'numeric', false], ['cc-exp', 'numeric', false], ['cc-csc', 'numeric', false]]);
});

test('shows errors on blur, not while typing', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').pressSequentially('4111111111111112');
  await expect(checkout.field('number')).toHaveAttribute('aria-invalid', 'false');
  await checkout.field('number').press('Tab');
  await expect(checkout.field('number')).toHaveAttribute('aria-invalid', 'true');
  await expect(checkout.page.locator('svc-card-form #number-error')).toHaveText('O número do cartão não é válido. Confira os dígitos.');
  expect(await checkout.page.locator('svc-card-form').evaluate((el) => el.matches(':state(invalid)'))).toBe(true);
  await checkout.field('expiry').pressSequentially('0120');
  await checkout.field('expiry').press('Tab');
  await expect(checkout.page.locator('svc-card-form #expiry-error')).toHaveText('Este cartão está vencido.');
});
