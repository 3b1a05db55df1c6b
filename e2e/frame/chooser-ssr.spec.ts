// @engines chromium firefox @layout
// The payment methods chooser rendered on the server (issue 27, svc-card/ssr's renderSvcPaymentMethods),
// in Chromium and Firefox ESR: painted from the HTML before its deferred script, nothing moving when the
// script takes it over; and a script that ran before the markup renders the chooser itself.
import { readFileSync } from 'node:fs';
import { renderSvcPaymentMethods } from '../../src/ssr/index.js';
import { expect, test } from './fixture.js';

test('the chooser is painted from the HTML (svc-card/ssr): before its deferred script, its radios and the card form are drawn, the PIX note is not; its script moves nothing', async ({ page, demo }) => {
  let release!: () => void;
  let held: Promise<void>;
  await page.route(/svc-payment-methods-[\d.]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  for (const path of ['/?lang=en', '/?lang=en&isolation=inline']) {
    held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(`${demo.url}${path}`, { waitUntil: 'commit' });
    const look = () => page.evaluate(() => {
      const box = (element: Element | null | undefined) => element && JSON.stringify(element.getBoundingClientRect());
      const chooser = document.querySelector('svc-payment-methods')!;
      return {
        defined: !!customElements.get('svc-payment-methods'),
        radios: [...(chooser.shadowRoot?.querySelectorAll('input[type=radio]') ?? [])].map((radio) => `${(radio as HTMLInputElement).value}${(radio as HTMLInputElement).checked ? '*' : ''}`),
        legend: box(chooser.shadowRoot?.querySelector('legend')),
        card: box(document.querySelector('svc-card-form')),
        pixNote: document.querySelector('[slot=pix]')!.getBoundingClientRect().height,
        pay: box(document.querySelector('#pay')),
      };
    });
    // Parsed past the form, and painted: read before the page's stylesheet came (CI, Chromium), the
    // boxes were the unstyled page's (x 8, the form 1264 px wide), not the ones the shopper first sees.
    await page.waitForFunction(() => !!document.querySelector('#pay') &&
      performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'));
    const before = await look();
    expect(before).toMatchObject({ defined: false, radios: ['card*', 'pix', 'boleto'], pixNote: 0 });
    release();
    await expect.poll(async () => (await look()).defined).toBe(true);
    const after = await look();
    expect(after).toEqual({ ...before, defined: true });
  }
});

test('a server-rendered chooser whose script ran before its markup renders itself: the declarative root is left an inert template', async ({ page }) => {
  const script = readFileSync('dist/svc-payment-methods.js', 'utf8');
  await page.setContent(`<!doctype html><script>${script}</script>${renderSvcPaymentMethods({ methods: 'pix card' }, '<p slot="pix">PIX</p><p slot="card">Card</p>')}`);
  expect(await page.evaluate(() => {
    const chooser = document.querySelector('svc-payment-methods')!;
    return {
      radios: [...chooser.shadowRoot!.querySelectorAll('input')].map((radio) => `${radio.value}${radio.checked ? '*' : ''}`),
      groups: chooser.shadowRoot!.querySelectorAll('fieldset').length,
      children: [...chooser.children].map((child) => child.localName),
      shown: [...chooser.querySelectorAll('p')].map((panel) => panel.getClientRects().length > 0),
    };
  })).toEqual({ radios: ['pix*', 'card'], groups: 1, children: ['template', 'p', 'p'], shown: [true, false] });
});
