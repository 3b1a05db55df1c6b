// The element's public methods and lifecycle in real browsers: checkValidity()
// is silent, reportValidity() shows once, focus(field), a re-parented form
// still encrypts, reduced motion drops transitions.
import { decryptWithSharedKey } from '../support/decrypt.js';
import { expect, test, CARD, type Checkout } from './fixture.js';

type Card = HTMLElement & { checkValidity(): boolean; reportValidity(): boolean; focus(field?: string): void };
const changeCount = (checkout: Checkout) =>
  checkout.page.evaluate(() => window.seen.events.filter((e) => e.type === 'svc-change').length);
const shownErrors = (checkout: Checkout) => checkout.page.locator('svc-card-form').evaluate((el) =>
  [...el.shadowRoot!.querySelectorAll('input')].filter((i) => i.getAttribute('aria-invalid') === 'true').map((i) => i.id));

test('checkValidity() shows nothing and fires no event, even on each keystroke', async ({ checkout }) => {
  await checkout.open();
  // What a page might do: keep the Pay button in step with validity at every input.
  await checkout.page.evaluate(() => {
    const form = document.getElementById('checkout') as HTMLFormElement;
    form.addEventListener('input', () => { (document.getElementById('pay') as HTMLButtonElement).disabled = !form.checkValidity(); });
  });
  await checkout.field('holder').pressSequentially('AN');
  await expect(checkout.page.locator('#pay')).toBeDisabled();
  expect(await shownErrors(checkout)).toEqual([]);
  const before = await changeCount(checkout);
  const el = checkout.page.locator('svc-card-form');
  expect(await el.evaluate((e: Card) => e.checkValidity())).toBe(false);
  expect(await checkout.page.evaluate(() => (document.getElementById('checkout') as HTMLFormElement).checkValidity())).toBe(false);
  expect(await changeCount(checkout)).toBe(before);
  expect(await shownErrors(checkout)).toEqual([]);
  await expect(checkout.page.locator('svc-card-form #expiry-error')).toHaveText('');
});

test('reportValidity() shows every error once and focuses the first bad field', async ({ checkout }) => {
  await checkout.open();
  await checkout.field('holder').pressSequentially('ANA');
  await checkout.page.locator('h1').click(); // the blur's own svc-change comes first
  const before = await changeCount(checkout);
  expect(await checkout.page.locator('svc-card-form').evaluate((e: Card) => e.reportValidity())).toBe(false);
  expect(await changeCount(checkout)).toBe(before + 1);
  expect(await shownErrors(checkout)).toEqual(['number', 'expiry', 'securityCode']);
  await expect(checkout.field('number')).toBeFocused();
});

test('focus(field) focuses that input', async ({ checkout }) => {
  await checkout.open();
  for (const id of ['securityCode', 'expiry', 'number', 'holder'] as const) {
    await checkout.page.locator('svc-card-form').evaluate((e: Card, field) => e.focus(field), id);
    await expect(checkout.field(id)).toBeFocused();
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
  await expect.poll(() => checkout.page.evaluate(() => window.seen.submits.length)).toBe(1);
  const submitted = await checkout.page.evaluate(() => window.seen.submits[0]!);
  expect(Object.keys(submitted)).toEqual(['card']);
  const { paymentProfile } = await decryptWithSharedKey(JSON.parse(submitted.card as string));
  expect(paymentProfile.cardNumber).toBe(CARD.number);
});

test('prefers-reduced-motion: reduce removes the inputs\' transitions', async ({ checkout, browserName }) => {
  await checkout.open();
  const duration = () => checkout.field('number').evaluate((input) => getComputedStyle(input).transitionDuration);
  expect(await duration()).not.toMatch(/^0s(, 0s)*$/);
  await checkout.page.emulateMedia({ reducedMotion: 'reduce' });
  const emulated = await checkout.page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  // Firefox over WebDriver BiDi (moz-firefox) does not emulate this media feature.
  test.skip(!emulated && browserName === 'firefox', 'reducedMotion emulation unsupported by moz-firefox');
  expect(emulated).toBe(true);
  await expect.poll(duration).toMatch(/^0s(, 0s)*$/);
});
