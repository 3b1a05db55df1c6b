// axe-core (WCAG 2.0/2.1/2.2 A and AA) in the empty, invalid and filled states,
// and the ARIA wiring that axe cannot judge: describedby targets, live region.
import { axeViolations } from '../support/axe.js';
import { expect, test } from './fixture.js';

test('no axe violations when empty, invalid and filled, in both languages', async ({ checkout }) => {
  await checkout.open();
  expect(await axeViolations(checkout.page)).toEqual([]);

  await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await checkout.field('number').pressSequentially('4111111111111112');
  await checkout.page.locator('#pay').click();
  await expect(checkout.field('holder')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(checkout.page)).toEqual([]);

  await checkout.page.locator('#clear').click();
  await checkout.fill();
  await expect(checkout.page.locator('svc-card-form [part="brand-name"]')).toHaveText('Mastercard');
  expect(await axeViolations(checkout.page)).toEqual([]);

  await checkout.page.locator('svc-card-form').evaluate((el) => el.setAttribute('lang', 'en'));
  await expect(checkout.page.getByLabel('Card number')).toBeVisible();
  expect(await axeViolations(checkout.page)).toEqual([]);
});

test('each input names its error, and one polite live region exists from the first render', async ({ checkout }) => {
  await checkout.open();
  const regions = checkout.page.locator('svc-card-form [aria-live]');
  await expect(regions).toHaveCount(1);
  await expect(regions).toHaveAttribute('aria-live', 'polite');
  await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
  await checkout.page.locator('#pay').click();
  for (const id of ['holder', 'number', 'expiry', 'securityCode'] as const) {
    await expect(checkout.field(id)).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.field(id)).toHaveAccessibleDescription(/Informe/);
  }
  await expect(checkout.page.getByLabel('Código de segurança (CVV)')).toHaveAccessibleDescription('3–4 dígitos Informe o código de segurança.');
  await checkout.field('number').pressSequentially('6062826');
  await expect(regions).toHaveText('Bandeira: Hipercard.');
});

test('respects forced colours: invalid inputs keep a visible, non-colour cue', async ({ checkout, browserName }) => {
  test.skip(browserName !== 'chromium', 'forced-colors emulation is a Chromium feature');
  await checkout.page.emulateMedia({ forcedColors: 'active' });
  await checkout.open();
  await checkout.field('number').pressSequentially('4111111111111112');
  await checkout.field('number').press('Tab');
  const width = await checkout.field('number').evaluate((input) => getComputedStyle(input).borderTopWidth);
  expect(width).toBe('3px');
});
