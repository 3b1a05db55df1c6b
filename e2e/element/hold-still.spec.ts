// @engines all @layout
// Issue 12 in every engine (Chromium, Firefox ESR, WebKitGTK): the inline element holds still
// while the page's payment is held (hold()), entering and leaving that state moves nothing,
// and validationMessage follows lang and strings (defect 8). The demo with a slow POST, both
// modes, and the page's own hold() in frame mode: e2e/frame/paying.spec.ts and paying-layout.spec.ts.
import { boxes, shiftsSeen, watchShifts } from '../support/layout.js';
import { expect, test, CARD } from './fixture.js';

type Card = HTMLElement & { hold<T>(work: Promise<T>): Promise<T>; validationMessage: string; strings: Record<string, string>; checkValidity(): boolean };
const FIELDS = ['holder', 'number', 'expiry', 'securityCode'] as const;

/** The merchant's payment: held (hold() on svc-encrypted) until the test calls window.answer(). */
const holdPayments = () => {
  const card = document.querySelector('svc-card-form') as Card;
  card.addEventListener('svc-encrypted', () => void card.hold(new Promise<void>((resolve) => ((window as unknown as { answer(): void }).answer = resolve))));
};

test('while the page pays (hold), the fields are read-only and busy, an edit is lost and a second submit dropped', async ({ checkout }) => {
  await checkout.open('?stay');
  const { page } = checkout;
  await page.evaluate(holdPayments);
  await checkout.fill();
  await page.locator('#pay').click();
  await expect.poll(() => page.evaluate(() => window.seen.submits.length)).toBe(1);
  for (const id of FIELDS) await expect.poll(() => checkout.field(id).attribute('readonly')).toBe('');
  await expect.poll(() => checkout.part('[part="group"]').attribute('aria-busy')).toBe('true');
  await expect.poll(() => page.locator('svc-card-form').evaluate((el) => el.matches(':state(busy)') || el.hasAttribute('data-state-busy'))).toBe(true);
  await checkout.field('number').focus(); // not click(): WebKitGTK's WebDriver reported that click intercepted
  await checkout.field('number').press('End');
  await checkout.field('number').press('Backspace');
  await checkout.field('number').type('9');
  expect(await checkout.field('number').value()).toBe('5555 5555 5555 4444');
  await page.locator('#pay').click();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(await page.evaluate(() => window.seen.submits.length)).toBe(1);
  await page.evaluate(() => (window as unknown as { answer(): void }).answer());
  for (const id of FIELDS) await expect.poll(() => checkout.field(id).attribute('readonly')).toBeNull();
  await expect.poll(() => checkout.part('[part="group"]').attribute('aria-busy')).toBe('false');
  expect(CARD.number).toBe('5555555555554444');
});

test('entering and leaving the busy state moves no input and not the Pay button; no layout-shift entry where reported', async ({ checkout }) => {
  await checkout.open('?stay');
  const { page } = checkout;
  await page.evaluate(holdPayments);
  const reports = await page.evaluate(watchShifts);
  const places = () => page.evaluate(boxes, ['svc-card-form', ['pay']] as [string, string[]]);
  await checkout.fill();
  const before = await places();
  await page.locator('#pay').click();
  await expect.poll(() => checkout.part('[part="group"]').attribute('aria-busy')).toBe('true');
  expect(await places()).toEqual(before);
  await page.evaluate(() => (window as unknown as { answer(): void }).answer());
  await expect.poll(() => checkout.part('[part="group"]').attribute('aria-busy')).toBe('false');
  expect(await places()).toEqual(before);
  if (reports) expect(await page.evaluate(shiftsSeen)).toEqual([]);
});

test('validationMessage follows a change of lang or strings at once, not at the next edit (defect 8)', async ({ checkout }) => {
  await checkout.open();
  const { page } = checkout;
  await checkout.field('holder').type('ANA');
  const message = () => page.evaluate(() => (document.querySelector('svc-card-form') as Card).validationMessage);
  await expect.poll(message).toBe('Informe o número do cartão.');
  await page.evaluate(() => document.querySelector('svc-card-form')!.setAttribute('lang', 'en'));
  await expect.poll(message).toBe('Enter the card number.');
  await page.evaluate(() => { (document.querySelector('svc-card-form') as Card).strings = { numberRequired: 'Card number, please.' }; });
  await expect.poll(message).toBe('Card number, please.');
});

test('checkValidity() fires `invalid` on an invalid card, as native controls do (HTML), and shows nothing (defect 8)', async ({ checkout }) => {
  await checkout.open();
  const { page } = checkout;
  const fired = await page.evaluate(() => {
    const card = document.querySelector('svc-card-form') as Card;
    let invalid = 0;
    card.addEventListener('invalid', () => invalid++);
    const valid = card.checkValidity();
    return { valid, invalid };
  });
  expect(fired).toEqual({ valid: false, invalid: 1 });
  await expect.poll(() => checkout.part('#holder-error').text()).toBe('');
});
