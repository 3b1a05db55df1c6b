// @engines chromium firefox
// Frame mode's lifecycle as a single-page app drives it: the element moved in the DOM (re-parented
// by a framework, a checkout step shown again) reloads its iframe, so the parent must take the
// new frame's port; removed for good, encrypt() must reject, never hang; a new frame-src loads the
// new frame; a JWKS without the key asked is named as such in svc-error.
import type { Page } from '@playwright/test';
import { PAID_CARD } from '../support/cards.mjs';
import { finalOutcome, submit, typeCard } from '../support/checkout.js';
import { cardFrame, expect, openFrameCheckout, test } from './fixture.js';

type Element = HTMLElement & { encrypt(): Promise<{ hasErrors: boolean; encryptedCard: object | null }>; checkValidity(): boolean; readonly ready: boolean };
const element = (page: Page) => page.locator('svc-card-form');
const formValue = (page: Page) => page.evaluate(() => new FormData(document.getElementById('checkout') as HTMLFormElement).get('card'));
/** Counts svc-ready from now on (window.readies). */
const countReadies = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { readies: number };
  w.readies = 0;
  document.addEventListener('svc-ready', () => w.readies++);
});

test('moved in the DOM: svc-ready again, the typed card and its token gone, and the shopper types again and pays', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  // A token in the form value, not yet paid with (the demo pays on svc-encrypted: kept from it).
  await element(page).evaluate((el: Element) => {
    el.addEventListener('svc-encrypted', (event) => event.stopPropagation(), { once: true });
    return el.encrypt();
  });
  expect(await formValue(page)).not.toBeNull();
  await countReadies(page);
  // A framework re-parenting the element: out of the document, then back in its place.
  await element(page).evaluate((el) => {
    const [parent, next] = [el.parentNode!, el.nextSibling];
    el.remove();
    parent.insertBefore(el, next);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { readies: number }).readies)).toBe(1);
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('');
  expect(await formValue(page)).toBeNull();
  expect(await element(page).evaluate((el: Element) => el.checkValidity())).toBe(false);
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

test('removed and never put back: encrypt() rejects with FRAME_UNAVAILABLE, and one pending at removal too', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  const codes = await element(page).evaluate(async (el: Element) => {
    const code = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code?: string }) => error.code);
    const pending = code(el.encrypt());
    el.remove();
    return Promise.all([pending, code(el.encrypt())]);
  });
  expect(codes).toEqual(['FRAME_UNAVAILABLE', 'FRAME_UNAVAILABLE']);
});

test('frame-src changed after connection: the new frame loads, svc-ready again (ready false until then), and it pays', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  await countReadies(page);
  const moved = `${demo.frame.src}?v=2`;
  // `ready`, as a late script reads it: true, then false from the change until the new frame's svc-ready.
  expect(await element(page).evaluate((el: Element, src) => {
    const before = el.ready;
    el.setAttribute('frame-src', src);
    return [before, el.ready];
  }, moved)).toEqual([true, false]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { readies: number }).readies)).toBe(1);
  expect(await element(page).evaluate((el: Element) => el.ready)).toBe(true);
  expect(new URL((await page.locator('svc-card-form iframe').getAttribute('src'))!).search).toBe('?v=2');
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('');
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('paid');
});

/** Records each svc-error's code and message (window.errors). */
const recordErrors = (page: Page) => page.addInitScript(() => {
  if (window !== window.top) return;
  const errors: string[] = ((window as unknown as { errors: string[] }).errors = []);
  document.addEventListener('svc-error', (e) => errors.push(`${(e as CustomEvent).detail.code}: ${(e as CustomEvent).detail.message}`));
});
const errors = (page: Page) => page.evaluate(() => (window as unknown as { errors: string[] }).errors);

test('the frame JWKS without the key-id asked: svc-error names key-id and the JWKS; Pay tells the shopper, no hang', async ({ page, demo }) => {
  await recordErrors(page);
  await openFrameCheckout(page, demo);
  await element(page).evaluate((el) => el.setAttribute('key-id', 'retired-2025'));
  await expect.poll(() => errors(page)).toEqual([
    `INVALID_PUBLIC_KEY: <svc-card-form> key-id "retired-2025": no such encryption key in the card frame's JWKS, or the JWKS could not be loaded`,
  ]);
  await typeCard(cardFrame(page), PAID_CARD);
  await submit(page);
  expect(await finalOutcome(page)).toBe('error');
  await expect(page.locator('#outcome')).toHaveText('The card details could not be protected. Please try again.');
});

test('the frame JWKS unreachable: svc-error names the JWKS, not a public-key attribute the page does not have', async ({ page, demo }) => {
  // The keys come with the frame's page (issue 27): a page served without them (another server
  // given the bare file) falls back to the JWKS URL, which is down here.
  await page.route(`${demo.frame.origin}/**/card-frame.html*`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/<script type="application\/json" id="svc-jwks">[^<]*<\/script>/, '') });
  });
  await page.route(`${demo.frame.origin}/.well-known/svc-card/jwks.json`, (route) => route.fulfill({ status: 503, body: 'down' }));
  await recordErrors(page);
  await openFrameCheckout(page, demo);
  await expect.poll(() => errors(page)).toEqual([
    `INVALID_PUBLIC_KEY: <svc-card-form> key-id "${demo.keys.keyId}": no such encryption key in the card frame's JWKS, or the JWKS could not be loaded`,
  ]);
});

test('moveBefore(): as a move, a new frame in every engine (Firefox reloads a moved iframe): svc-ready again, it takes a card and encrypts', async ({ page, demo }) => {
  await openFrameCheckout(page, demo);
  test.skip(!(await page.evaluate(() => 'moveBefore' in Element.prototype)), 'no moveBefore() in this engine');
  await typeCard(cardFrame(page), PAID_CARD);
  await countReadies(page);
  await element(page).evaluate((el) => {
    // The holder takes the element's slot: the demo's methods chooser shows its slot="card" child only.
    const holder = Object.assign(document.createElement('div'), { slot: el.slot });
    el.parentNode!.insertBefore(holder, el);
    (holder as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(el, null);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { readies: number }).readies)).toBe(1);
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('');
  await typeCard(cardFrame(page), PAID_CARD);
  const result = await element(page).evaluate((el: Element) => {
    el.addEventListener('svc-encrypted', (event) => event.stopPropagation(), { once: true });
    return el.encrypt();
  });
  expect(result.hasErrors).toBe(false);
});

// The card frame's element starts without a key and gets the JWKS's a moment later: its setup
// check must not warn "public-key: missing" on every load (an attribute frame mode never uses).
// A JWKS without the key asked still reaches the page as svc-error (the tests above).
test('the card frame logs no setup warning while it loads', async ({ page, demo }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await openFrameCheckout(page, demo);
  await typeCard(cardFrame(page), PAID_CARD);
  expect(warnings.filter((text) => text.includes('svc-card-form'))).toEqual([]);
});
