// @engines all
// The element's public methods and lifecycle in real browsers: checkValidity()
// is silent, reportValidity() shows once, focus(field), a re-parented form
// still encrypts, the inputs have no transitions (in every engine).
import { decryptWithSharedKey } from '../support/decrypt.js';
import type { EnginePage } from '../support/engine-page.js';
import { expect, test, CARD, CHECKOUT_PATH, openCheckout, type Checkout, type FieldId } from './fixture.js';

const changeCount = (checkout: Checkout) =>
  checkout.page.evaluate(() => window.seen.events.filter((e) => e.type === 'svc-change').length);
const shownErrors = (checkout: Checkout) => checkout.page.evaluate(() =>
  [...document.querySelector('svc-card-form')!.shadowRoot!.querySelectorAll('input')].filter((i) => i.getAttribute('aria-invalid') === 'true').map((i) => i.id));

test('checkValidity() shows nothing and fires no event, even on each keystroke', async ({ checkout }) => {
  await checkout.open();
  // What a page might do: keep the Pay button in step with validity at every input.
  await checkout.page.evaluate(() => {
    const form = document.getElementById('checkout') as HTMLFormElement;
    form.addEventListener('input', () => { (document.getElementById('pay') as HTMLButtonElement).disabled = !form.checkValidity(); });
  });
  await checkout.field('holder').type('AN');
  await expect.poll(() => checkout.page.locator('#pay').isEnabled()).toBe(false);
  expect(await shownErrors(checkout)).toEqual([]);
  const before = await changeCount(checkout);
  expect(await checkout.page.evaluate(() => (document.querySelector('svc-card-form') as HTMLElement & { checkValidity(): boolean }).checkValidity())).toBe(false);
  expect(await checkout.page.evaluate(() => (document.getElementById('checkout') as HTMLFormElement).checkValidity())).toBe(false);
  expect(await changeCount(checkout)).toBe(before);
  expect(await shownErrors(checkout)).toEqual([]);
  await expect.poll(() => checkout.part('#expiry-error').text()).toBe('');
});

test('reportValidity() shows every error once and focuses the first bad field', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('holder').type('ANA');
  await checkout.page.locator('h1').click(); // the blur's own svc-change comes first
  const before = await changeCount(checkout);
  expect(await checkout.page.evaluate(() => (document.querySelector('svc-card-form') as HTMLElement & { reportValidity(): boolean }).reportValidity())).toBe(false);
  expect(await changeCount(checkout)).toBe(before + 1);
  expect(await shownErrors(checkout)).toEqual(['number', 'expiry', 'securityCode']);
  await expect.poll(() => checkout.field('number').isFocused()).toBe(true);
});

test('lang set as a property: the next render and validationMessage are in that language', async ({ checkout }) => {
  await checkout.open();
  const seen = await checkout.page.evaluate(async () => {
    const el = document.querySelector('svc-card-form') as HTMLElement & { updateComplete: Promise<boolean>; validationMessage: string };
    const read = () => [el.shadowRoot!.querySelector('label[for="number"]')!.textContent, el.validationMessage];
    el.lang = 'en';
    await el.updateComplete;
    const english = read();
    el.lang = 'pt-BR';
    await el.updateComplete;
    return [...english, ...read()];
  });
  // The first bad field's message: the number's, the first field (issue 27).
  expect(seen).toEqual(['Card number', 'Enter the card number.', 'Número do cartão', 'Informe o número do cartão.']);
});

test('focus(field) focuses that input', async ({ checkout }) => {
  await checkout.open();
  for (const id of ['securityCode', 'expiry', 'number', 'holder'] as FieldId[]) {
    await checkout.page.evaluate((field) => (document.querySelector('svc-card-form') as HTMLElement & { focus(field?: string): void }).focus(field), id);
    await expect.poll(() => checkout.field(id).isFocused()).toBe(true);
  }
});

test('a form detached and re-inserted (a portal) still encrypts on submit', async ({ checkout }) => {
  await checkout.open('?stay');
  await checkout.page.evaluate(() => {
    const form = document.getElementById('checkout')!;
    const portal = document.body.appendChild(document.createElement('div'));
    form.remove();
    portal.append(form);
  });
  await checkout.fill();
  await checkout.page.locator('#pay').click();
  await expect.poll(async () => (await checkout.seen()).submits.length).toBe(1);
  const submitted = (await checkout.seen()).submits[0]!;
  expect(Object.keys(submitted)).toEqual(['card']);
  const { paymentProfile } = await decryptWithSharedKey(JSON.parse(submitted.card as string));
  expect(paymentProfile.cardNumber).toBe(CARD.number);
});

// Issue 27: the border's 0.15 s transition went (its bytes paid for the plan's price on the Pay
// button): nothing animates, so prefers-reduced-motion has nothing to remove.
test('the inputs have no transitions: nothing moves for prefers-reduced-motion to stop', async ({ checkout }) => {
  await checkout.open();
  const duration = await checkout.part('#number').evaluate((input: HTMLInputElement) => getComputedStyle(input).transitionDuration);
  expect(duration).toMatch(/^0s(, 0s)*$/);
});
