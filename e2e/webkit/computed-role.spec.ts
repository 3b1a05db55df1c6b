// @engines webkit
// Role and label queries over WebDriver (support/webdriver-page.ts byComputed): WebKitWebDriver
// answers Get Computed Role and Label with an empty "unknown error" for an element it has no
// accessibility object for yet (no renderer: a display:none element on a fresh page, or one asked
// during a re-render under load: keyboard-a11y's Pay in a whole run). Such an element is asked again
// once the page has drawn, so a query about another element never fails for it.
import { expect, test } from '../support/engine-fixture.js';

test('a role query answers beside a display:none button WebKit has no accessibility object for yet', async ({ enginePage: page }) => {
  await page.goto('data:text/html,<main><button style="display:none">Later</button><button>Pay</button></main>');
  expect(await page.byRole('button', { name: 'Pay' }).count()).toBe(1);
  expect(await page.byRole('button', { name: 'Pay' }).evaluate((button: HTMLElement) => button.textContent)).toBe('Pay');
});

test('a button put in just before the query is found by its role and name', async ({ enginePage: page }) => {
  await page.goto('data:text/html,<main></main>');
  for (let i = 0; i < 20; i++) {
    // DOM calls, not innerHTML: a data: page opened after the demo keeps its Trusted Types policy.
    await page.evaluate((n) => { document.querySelector('main')!.replaceChildren(Object.assign(document.createElement('button'), { textContent: `Pay ${n}` })); }, i);
    expect(await page.byRole('button', { name: `Pay ${i}` }).count()).toBe(1);
  }
});
