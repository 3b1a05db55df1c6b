// @engines all @layout
// Issue 12, zero layout shift, in every engine: no input and not the Pay button moves while
// numbers of four brands are typed, the brand changes, errors come and go; expiry and code
// inputs line up whatever their labels; the row stacks by the element's own width.
import { boxes, BRAND_NUMBERS, shiftsSeen, watchShifts } from '../support/layout.js';
import { expect, test, type Checkout } from './fixture.js';
import { LUHN_FAILING_NUMBER } from '../support/cards.mjs';

const where = (checkout: Checkout) => checkout.page.evaluate(boxes, ['svc-card-form', ['pay']] as [string, string[]]);

for (const width of [390, 1280]) {
  test(`typing Visa, Amex, Elo and Hipercard numbers moves no input and not the Pay button (${width} px)`, async ({ checkout }) => {
    await checkout.page.setViewportSize({ width, height: 844 });
    await checkout.open();
    const reports = await checkout.page.evaluate(watchShifts);
    const before = await where(checkout);
    for (const digits of Object.values(BRAND_NUMBERS)) {
      await checkout.field('number').type(digits);
      await checkout.field('securityCode').type('1234');
      expect(await where(checkout)).toEqual(before);
      await checkout.field('number').clear();
      await checkout.field('securityCode').clear();
      expect(await where(checkout)).toEqual(before);
    }
    if (reports) expect(await checkout.page.evaluate(shiftsSeen)).toEqual([]);
  });

  for (const lang of ['pt-BR', 'en']) {
    test(`errors appearing and going do not move the Pay button (${width} px, ${lang})`, async ({ checkout }) => {
      await checkout.page.setViewportSize({ width, height: 844 });
      await checkout.open();
      await checkout.page.evaluate((tag) => { document.querySelector('svc-card-form')!.setAttribute('lang', tag); }, lang);
      await expect.poll(() => checkout.part('label[for=number]').text()).toBe(lang === 'en' ? 'Card number' : 'Número do cartão');
      const reports = await checkout.page.evaluate(watchShifts);
      // The language change before this point may shift the labels: only what follows counts.
      const settled = (await checkout.page.evaluate(shiftsSeen)).length;
      const before = await where(checkout);
      await checkout.page.evaluate(() => document.getElementById('checkout')!.setAttribute('novalidate', ''));
      await checkout.page.locator('#pay').click();
      // The longest built-in messages: an invalid number, an expiry out of format, a short code.
      await checkout.field('number').type(LUHN_FAILING_NUMBER);
      await checkout.field('expiry').type('13');
      await checkout.field('securityCode').type('1');
      await checkout.field('holder').focus();
      await expect.poll(() => checkout.field('expiry').attribute('aria-invalid')).toBe('true');
      expect(await where(checkout)).toEqual(before);
      await checkout.field('number').clear();
      await checkout.field('expiry').clear();
      await checkout.field('securityCode').clear();
      await checkout.fill();
      await expect.poll(() => checkout.field('expiry').attribute('aria-invalid')).toBe('false');
      expect(await where(checkout)).toEqual(before);
      if (reports) expect((await checkout.page.evaluate(shiftsSeen)).slice(settled)).toEqual([]);
    });
  }
}

// A merchant's hint can be longer than the error that replaces it on screen: the error covers it
// in one cell, and the hint's lines stay (Firefox ESR moved the Pay button 18 px at 390 px).
test('an error over a three-line hint moves no input and not the Pay button (390 px)', async ({ checkout }) => {
  await checkout.page.setViewportSize({ width: 390, height: 844 });
  await checkout.open();
  await checkout.page.evaluate(() => {
    document.querySelector('svc-card-form')!.strings = { codeHint: 'The {digits} digits printed on the back of the card, beside the signature strip, or on the front of it, above and to the right of the number; never the last digits of the number itself' };
  });
  const lines = () => checkout.part('#securityCode-hint').evaluate((hint: HTMLElement) => Math.round(hint.getBoundingClientRect().height / parseFloat(getComputedStyle(hint).lineHeight)));
  await expect.poll(lines).toBeGreaterThanOrEqual(3);
  const before = await where(checkout);
  await checkout.field('securityCode').type('1');
  await checkout.field('holder').focus();
  await expect.poll(() => checkout.field('securityCode').attribute('aria-invalid')).toBe('true');
  expect(await checkout.part('#securityCode-error').text()).not.toBe('');
  expect(await where(checkout)).toEqual(before);
});

test('expiry and code inputs line up at any label length, side by side at every width (issue 27: no stacking)', async ({ checkout }) => {
  await checkout.page.setViewportSize({ width: 1280, height: 844 });
  await checkout.open();
  const top = (id: 'expiry' | 'securityCode') => checkout.field(id).evaluate((input: HTMLInputElement) => input.getBoundingClientRect().y);
  const left = (id: 'expiry' | 'securityCode') => checkout.field(id).evaluate((input: HTMLInputElement) => input.getBoundingClientRect().x);
  await checkout.page.evaluate(() => {
    document.querySelector('svc-card-form')!.strings = { codeLabel: 'The three or four digits printed on the back or the front of the card' };
  });
  for (const width of ['600px', '420px', '399px', '270px']) {
    await checkout.page.evaluate((w) => { document.querySelector('svc-card-form')!.style.width = w; }, width);
    await expect.poll(async () => (await top('securityCode')) - (await top('expiry'))).toBe(0);
    expect(await left('securityCode')).toBeGreaterThan(await left('expiry'));
  }
});

test('the brand marks live inside the number input: the accepted brands while it is empty, then the brand', async ({ checkout }) => {
  await checkout.page.setViewportSize({ width: 390, height: 844 });
  await checkout.open();
  // [marks shown, all of them inside the input's box]
  const marks = () => checkout.field('number').evaluate((input: HTMLInputElement) => {
    const box = input.getBoundingClientRect();
    const shown = [...(input.getRootNode() as ShadowRoot).querySelectorAll<SVGElement>('[part=icon]')].map((mark) => mark.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.right <= box.right && r.x >= box.x && r.y >= box.y && r.bottom <= box.bottom);
    return [shown.length, shown.every((r) => r.right <= box.right - 4)];
  });
  const [empty] = await marks();
  expect(empty).toBeGreaterThanOrEqual(3);
  await checkout.field('number').type('3782');
  await expect.poll(marks).toEqual([1, true]);
  await checkout.field('number').clear();
  await expect.poll(async () => (await marks())[0]).toBe(empty);
});

test('at 320 px the expiry and code inputs sit side by side on one line, each about half the number (issue 27)', async ({ checkout }) => {
  await checkout.page.setViewportSize({ width: 320, height: 700 });
  await checkout.open();
  const box = (id: 'number' | 'expiry' | 'securityCode') => checkout.field(id).evaluate((input: HTMLInputElement) => {
    const r = input.getBoundingClientRect();
    return { top: r.top, left: r.left, right: r.right, width: r.width };
  });
  const [number, expiry, code] = [await box('number'), await box('expiry'), await box('securityCode')];
  expect(code.top).toBe(expiry.top);
  expect(expiry.right).toBeLessThan(code.left);
  expect(expiry.width).toBe(code.width);
  expect(expiry.width).toBeLessThan(number.width / 2);
  expect(code.right).toBeCloseTo(number.right, 0);
});
