// @engines chromium
// How `svc-sandbox check` reads a page's answer to Pay (packages/sandbox/check/page-driver.ts): a
// shop that paid keeps Pay disabled for good (the three example shops do), so a disabled Pay is
// work in progress only while the page has a request out. Chromium only: the check drives Chromium.
import { expect, test } from '@playwright/test';
import { ANSWER_MS, CheckoutPage, pageAnswer } from '../../packages/sandbox/check/page-driver.js';
import { PAID_NUMBER } from '../support/cards.mjs';

const SHOP = 'http://shop.test';
/** How long the shop's server takes to answer: longer than the check's "holds still" time. */
const SERVER_MS = 3_000;
const PAGE = '<!doctype html><title>Shop</title><form><svc-card-form></svc-card-form><button type="submit">Pay</button><p role="status"></p></form><script src="/page.js"></script>';
const SCRIPT = `
const form = document.querySelector('form');
const status = form.querySelector('[role=status]');
const pay = form.querySelector('button');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  pay.disabled = true;
  status.textContent = 'Processing…';
  const answer = await (await fetch('/pay', { method: 'POST' })).json();
  status.textContent = answer.paid ? 'Paid' : 'Declined';
});`;

test('a Pay kept disabled after the answer: read once the text holds still, and a steady "Processing…" while the request is out is not the answer', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await context.route(`${SHOP}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/pay') {
        await new Promise((resolve) => setTimeout(resolve, SERVER_MS));
        return route.fulfill({ json: { paid: true } });
      }
      return route.fulfill(path === '/page.js' ? { contentType: 'text/javascript', body: SCRIPT } : { contentType: 'text/html', body: PAGE });
    });
    const shopper = await CheckoutPage.open(context, `${SHOP}/`, 'http://sandbox.test');
    const before = await shopper.shown();
    await shopper.page.getByRole('button', { name: 'Pay' }).click();
    const started = Date.now();
    expect(await pageAnswer(shopper.page, before, ANSWER_MS, shopper.requestsOut)).toEqual({ kind: 'message', text: 'Paid' });
    // It was read when it came, not when the wait for an answer ran out.
    expect(Date.now() - started).toBeLessThan(ANSWER_MS - SERVER_MS);
  } finally {
    await context.close();
  }
});

/** A server-rendered checkout: the <svc-card-form> tag comes with the HTML, its fields only once its script has run. */
const LATE_FIELDS_MS = 2_000;
const LATE_PAGE = '<!doctype html><title>Shop</title><form><svc-card-form></svc-card-form><button type="submit">Pay</button></form><script src="/late.js"></script>';
const LATE_SCRIPT = `
setTimeout(() => customElements.define('svc-card-form', class extends HTMLElement {
  connectedCallback() {
    this.attachShadow({ mode: 'open' }).innerHTML = ['number', 'expiry', 'securityCode', 'holder'].map((id) => '<input id="' + id + '">').join('');
  }
}), ${LATE_FIELDS_MS});`;

test('a card form whose fields are drawn after the page loaded (a server-rendered shop): the check waits for them, then types', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await context.route(`${SHOP}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      return route.fulfill(path === '/late.js' ? { contentType: 'text/javascript', body: LATE_SCRIPT } : { contentType: 'text/html', body: LATE_PAGE });
    });
    const shopper = await CheckoutPage.open(context, `${SHOP}/`, 'http://sandbox.test');
    expect(await shopper.page.locator('svc-card-form #number').count()).toBe(0);
    expect(await shopper.typeCard(PAID_NUMBER, 'Ana Souza')).toBeUndefined();
    expect(await shopper.page.locator('svc-card-form #number').inputValue()).toBe(PAID_NUMBER);
    expect(await shopper.page.locator('svc-card-form #holder').inputValue()).toBe('Ana Souza');
  } finally {
    await context.close();
  }
});

/** A checkout that, once Pay is pressed, says it waits and keeps its card form at work (the demo's hold while a payment is in fraud review). */
const HELD_PAGE = '<!doctype html><title>Shop</title><form><svc-card-form></svc-card-form><button type="submit">Pay</button><p role="status"></p></form><script src="/held.js"></script>';
const HELD_SCRIPT = `
customElements.define('svc-card-form', class extends HTMLElement {
  constructor() { super(); this.internals = this.attachInternals(); }
});
const form = document.querySelector('form');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  form.querySelector('svc-card-form').internals.states.add('busy');
  form.querySelector('[role=status]').textContent = 'Waiting for approval';
});`;
/** Long enough that an answer read when the wait runs out is told apart from one read once all held still. */
const HELD_ANSWER_MS = 12_000;

test('a page at work that waits for what only a later step brings (a payment held for review): its words are read once they and the sandbox hold still, not when the wait runs out', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await context.route(`${SHOP}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      return route.fulfill(path === '/held.js' ? { contentType: 'text/javascript', body: HELD_SCRIPT } : { contentType: 'text/html', body: HELD_PAGE });
    });
    for (const sandboxDone of [true, false]) {
      const shopper = await CheckoutPage.open(context, `${SHOP}/`, 'http://sandbox.test');
      const before = await shopper.shown();
      await shopper.page.getByRole('button', { name: 'Pay' }).click();
      const started = Date.now();
      let asked = 0;
      const answer = await pageAnswer(shopper.page, before, HELD_ANSWER_MS, shopper.requestsOut, async () => { asked++; return sandboxDone; });
      expect(answer, `sandbox done: ${sandboxDone}`).toEqual({ kind: 'message', text: 'Waiting for approval' });
      // Asked only once the page held still while at work; waited out when the sandbox may still move.
      expect(asked, `sandbox done: ${sandboxDone}`).toBeGreaterThan(0);
      if (sandboxDone) expect(Date.now() - started).toBeLessThan(HELD_ANSWER_MS / 2);
      else expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_ANSWER_MS);
      await shopper.page.close();
    }
  } finally {
    await context.close();
  }
});
