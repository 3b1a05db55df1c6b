// @engines chromium firefox @layout
// Server-rendered elements in a page that reaches the browser in parts, in Chromium and Firefox
// ESR: the parser lays out and the browser may paint what it has so far, so nothing already shown
// may move when the rest comes (Chromium counts it as a layout shift; CI saw both cases below on a
// loaded machine, the parser yielding mid-element). Each page is served in two parts, cut at the
// place that moved, the second part sent once the first is laid out.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { renderSvcCardForm, renderSvcPaymentMethods } from '../../src/ssr/index.js';
import { expect, test } from './fixture.js';

/** Opens `html` served in two parts, cut after `cutAfter`; `rest()` sends the second part. */
async function openInTwoParts(page: Page, html: string, cutAfter: string) {
  const cut = html.indexOf(cutAfter) + cutAfter.length;
  expect(cut).toBeGreaterThanOrEqual(cutAfter.length);
  let rest!: () => void;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.write(html.slice(0, cut));
    rest = () => response.end(html.slice(cut));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { waitUntil: 'commit' });
  return {
    rest: () => rest(),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const pageWith = (element: string) =>
  `<!doctype html><html lang="en"><body><main style="max-width:32rem">${element}<p>After</p></main></body></html>`;

// The chooser's first radio, laid out before its name and hint came, was centred on them once they
// came: 8.5 px down (the demo at 1280 px, e2e/frame/steady-layout). Each radio is centred on its
// name's line alone now.
test('a server-rendered chooser streamed in parts: the first radio, laid out before its name and hint came, does not move when they come', async ({ page }) => {
  const served = await openInTwoParts(page, pageWith(renderSvcPaymentMethods({ lang: 'en' }, '<p slot="card">Card</p>')), 'value="card" checked>');
  try {
    const radio = () => page.evaluate(() => {
      const input = document.querySelector('svc-payment-methods')?.shadowRoot?.querySelector('input');
      return input && { y: input.getBoundingClientRect().y, named: !!input.parentElement?.querySelector('span') };
    });
    await expect.poll(radio).toMatchObject({ named: false });
    const alone = (await radio())!.y;
    served.rest();
    await expect.poll(radio).toMatchObject({ named: true });
    // Under 3 px: the radio's 18 px on a name line of 19-20; below what Chromium reports as a shift.
    expect((await radio())!.y - alone).toBeLessThan(3);
  } finally {
    await served.close();
  }
});

// The card form's brand strip (right-aligned in the number input) drawn with its first mark alone,
// then with all: the first mark went from the right end about 250 px left (the card frame's page at
// 1280 px, e2e/frame/paying-layout). The server's render shows the strip once it is whole.
test('a server-rendered card form streamed in parts: no brand mark shown before the strip is whole moves when the rest comes', async ({ page }) => {
  const form = renderSvcCardForm({ lang: 'en', 'public-key': 'a key', name: 'card' });
  const firstMark = form.indexOf('</svg>', form.indexOf('class="marks')) + '</svg>'.length;
  const served = await openInTwoParts(page, pageWith(form), form.slice(0, firstMark));
  try {
    const marks = () => page.evaluate(() => [...document.querySelector('svc-card-form')?.shadowRoot?.querySelectorAll('.marks svg') ?? []]
      .map((mark) => mark.getClientRects()[0]).filter((box) => box && box.width > 0).map((box) => `${box!.x},${box!.y}`));
    await expect.poll(() => page.evaluate(() => document.querySelector('svc-card-form')?.shadowRoot?.querySelectorAll('.marks svg').length)).toBe(1);
    const shownWhileCut = await marks();
    served.rest();
    await expect.poll(async () => (await marks()).length).toBeGreaterThan(1);
    const shown = await marks();
    expect(shown.slice(0, shownWhileCut.length)).toEqual(shownWhileCut);
  } finally {
    await served.close();
  }
});
