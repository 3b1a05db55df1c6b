// @engines all
// Typing, pasting and autofill-style inserts into the real inputs.
import { EXP_YEAR, EXPIRY_SHOWN, LUHN_FAILING_NUMBER, PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { expect, test, type FieldId } from './fixture.js';

test('groups the number as typed and keeps the caret on edits in the middle', async ({ checkout }) => {
  await checkout.open();
  const number = checkout.field('number');
  const caret = () => number.evaluate((input: HTMLInputElement) => input.selectionStart);
  await number.type(PAID_NUMBER.slice(0, 8));
  await expect.poll(() => number.value()).toBe(PAID_CARD.number.slice(0, 9));
  await number.press('Home');
  await number.press('ArrowRight');
  await number.press('ArrowRight');
  await number.type('9');
  await expect.poll(() => number.value()).toBe('4191 1111 1');
  expect(await caret()).toBe(3);
  // Backspace right after a space removes the digit before it, not just the space.
  await number.press('End');
  await number.press('ArrowLeft');
  await number.press('ArrowLeft');
  await number.press('Backspace');
  await expect.poll(() => number.value()).toBe('4191 1111');
  expect(await caret()).toBe(8);
});

test('formats Amex 4-6-5 with a 4-digit code on the front and Diners 4-6-4', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').type('378282246310005');
  await expect.poll(() => checkout.field('number').value()).toBe('3782 822463 10005');
  await expect.poll(() => checkout.part('[part="brand-name"]').text()).toBe('American Express');
  await checkout.page.byLabel('CVV').toHaveDescription('Na frente');
  await checkout.field('securityCode').type('12345');
  await expect.poll(() => checkout.field('securityCode').value()).toBe('1234');
  await checkout.field('number').clear();
  await checkout.field('number').type('30569309025904');
  await expect.poll(() => checkout.field('number').value()).toBe('3056 930902 5904');
});

test('normalises inserted text: spaces, dashes, dots and full-width digits', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').focus();
  await checkout.page.keyboard.insertText('６３６３-6800.0000 0005');
  await expect.poll(() => checkout.field('number').value()).toBe('6363 6800 0000 0005');
  await expect.poll(() => checkout.part('[part="brand-name"]').text()).toBe('Elo');
});

test('pastes from the clipboard', async ({ checkout }) => {
  await checkout.open();
  await checkout.page.setClipboard(PAID_CARD.number.replaceAll(' ', '-'));
  await checkout.field('number').focus();
  await checkout.page.keyboard.paste();
  await expect.poll(() => checkout.field('number').value()).toBe(PAID_CARD.number);
});

test('understands values put in without keystrokes, as autofill does', async ({ checkout }) => {
  await checkout.open();
  // What Chromium's autofill does to shadow-DOM inputs: set the value, fire `input`, no keydown.
  const autofill = (id: FieldId, value: string) => checkout.field(id).evaluate((input: HTMLInputElement, v: string) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }, value);
  await autofill('expiry', `${EXP_YEAR}-03`);
  await expect.poll(() => checkout.field('expiry').value()).toBe(EXPIRY_SHOWN);
  await autofill('expiry', `03 / ${EXP_YEAR}`);
  await expect.poll(() => checkout.field('expiry').value()).toBe(EXPIRY_SHOWN);
  await autofill('number', PAID_NUMBER);
  await expect.poll(() => checkout.field('number').value()).toBe(PAID_CARD.number);
  await autofill('holder', 'MARIA DA SILVA');
  await checkout.field('securityCode').type('123');
  const states = await checkout.page.evaluate(() => {
    const el = document.querySelector('svc-card-form')!;
    return { autofilled: el.matches(':state(autofilled)'), complete: el.matches(':state(complete)') };
  });
  expect(states).toEqual({ autofilled: true, complete: true });
  const tokens = await checkout.page.evaluate(() => [...document.querySelector('svc-card-form')!.shadowRoot!.querySelectorAll('input')]
    .map((i) => [i.getAttribute('autocomplete'), i.getAttribute('inputmode'), i.hasAttribute('name')]));
  expect(tokens).toEqual([['cc-number', 'numeric', false], ['cc-exp', 'numeric', false], ['cc-csc', 'numeric', false], ['cc-name', null, false]]);
});

test('shows errors on blur, not while typing', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('number').type(LUHN_FAILING_NUMBER);
  await expect.poll(() => checkout.field('number').attribute('aria-invalid')).toBe('false');
  await checkout.field('number').press('Tab');
  await expect.poll(() => checkout.field('number').attribute('aria-invalid')).toBe('true');
  await expect.poll(() => checkout.part('#number-error').text()).toBe('Confira o número do cartão.');
  expect(await checkout.page.evaluate(() => document.querySelector('svc-card-form')!.matches(':state(invalid)'))).toBe(true);
  await checkout.field('expiry').type('0120');
  await checkout.field('expiry').press('Tab');
  await expect.poll(() => checkout.part('#expiry-error').text()).toBe('Cartão vencido.');
});

// Issue 27: month 13 was accepted until submit; the keyboard's "Go" on the code paid before the CPF.
test('a month out of 01-12 is said as it is typed; the holder, last, says go, and with the CPF field the CPF', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('expiry').type('13');
  await expect.poll(() => checkout.field('expiry').attribute('aria-invalid')).toBe('true');
  expect(await checkout.field('expiry').isFocused()).toBe(true);
  await expect.poll(() => checkout.part('#expiry-error').text()).toBe('Use MM/AA.');
  await checkout.field('expiry').press('Backspace');
  await expect.poll(() => checkout.field('expiry').attribute('aria-invalid')).toBe('false');
  // The holder is the last card field (issue 27: the number first).
  expect(await checkout.field('holder').attribute('enterkeyhint')).toBe('go');
  expect(await checkout.field('securityCode').attribute('enterkeyhint')).toBe('next');
  await checkout.page.evaluate(() => { document.querySelector('svc-card-form')!.holderDocument = true; });
  await expect.poll(() => checkout.field('holderDocument' as never).attribute('enterkeyhint')).toBe('go');
  expect(await checkout.field('holder').attribute('enterkeyhint')).toBe('next');
});
