// @engines all
// axe-core (WCAG 2.0/2.1/2.2 A and AA) in the empty, invalid and filled states,
// and the ARIA wiring that axe cannot judge: describedby targets, live region.
import { engineAxeViolations } from '../support/axe.js';
import { expect, test, CHECKOUT_PATH, openCheckout, type FieldId } from './fixture.js';
import { LUHN_FAILING_NUMBER } from '../support/cards.mjs';

test('no axe violations when empty, invalid and filled, in both languages', async ({ checkout }) => {
  await checkout.open();
  expect(await engineAxeViolations(checkout.page)).toEqual([]);

  await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await checkout.field('number').type(LUHN_FAILING_NUMBER);
  await checkout.page.locator('#pay').click();
  await expect.poll(() => checkout.field('holder').attribute('aria-invalid')).toBe('true');
  expect(await engineAxeViolations(checkout.page)).toEqual([]);

  await checkout.page.locator('#clear').click();
  await checkout.fill();
  await expect.poll(() => checkout.part('[part="brand-name"]').text()).toBe('Mastercard');
  expect(await engineAxeViolations(checkout.page)).toEqual([]);

  await checkout.page.evaluate(() => document.querySelector('svc-card-form')!.setAttribute('lang', 'en'));
  await expect.poll(() => checkout.page.byLabel('Card number').isVisible()).toBe(true);
  expect(await engineAxeViolations(checkout.page)).toEqual([]);
});

test('each input names its error, and one polite live region exists from the first render', async ({ checkout }) => {
  await checkout.open();
  const regions = checkout.part('[aria-live]');
  await expect.poll(() => regions.count()).toBe(1);
  await expect.poll(() => regions.attribute('aria-live')).toBe('polite');
  await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await checkout.page.locator('#pay').click();
  for (const id of ['holder', 'number', 'expiry', 'securityCode'] as FieldId[]) {
    await expect.poll(() => checkout.field(id).attribute('aria-invalid')).toBe('true');
    await checkout.field(id).toHaveDescription(/Informe/);
  }
  await checkout.page.byLabel('CVV').toHaveDescription('No verso Informe o CVV.');
  await checkout.field('number').type('6062826');
  await expect.poll(() => regions.text()).toBe('Bandeira: Hipercard.');
});

test('respects forced colours: invalid inputs keep a visible, non-colour cue', async ({ checkout, server, openBrowser }) => {
  // Chromium emulates it in this page; Firefox ESR takes it from a preference at start.
  let page = checkout.page;
  if (!(await page.emulateMedia({ forcedColors: 'active' }))) {
    test.skip(page.engine === 'webkit', 'WebKitGTK knows the forced-colors query but has no mode that makes it active');
    page = (await openBrowser({ forcedColors: true })).page;
  }
  await openCheckout(page, `${server.url}${CHECKOUT_PATH}`);
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
  const number = page.shadow('svc-card-form', '#number');
  await number.type(LUHN_FAILING_NUMBER);
  await number.press('Tab');
  const width = await number.evaluate((input: HTMLInputElement) => getComputedStyle(input).borderTopWidth);
  expect(width).toBe('3px');
});
