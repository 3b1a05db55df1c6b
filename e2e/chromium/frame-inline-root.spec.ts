// @engines chromium
// A shadow root the server rendered for inline mode (svc-card/ssr without frame-src), on a page that
// loads the frame-mode script: the frame-mode element keeps only what it renders (issue 27 adopts a
// server-rendered iframe; any other content is not its own). DOM only: one engine (Chromium, whose
// bypassCSP also lifts Trusted Types, to parse the render into the demo's page).
import { expect, test } from '../frame/fixture.js';

test('a shadow root the server rendered for inline mode is emptied by the frame-mode element: one iframe, no inline fields', async ({ browser, demo }) => {
  // The merchant rendered inline mode (svc-card/ssr without frame-src) and loads the frame-mode script.
  const { renderSvcCardForm } = await import('../../src/ssr/index.js');
  const context = await browser.newContext({ bypassCSP: true }); // to parse the render into the page
  const page = await context.newPage();
  await page.goto(`${demo.url}/?lang=en`);
  const children = await page.evaluate(([html, src]) => {
    const element = Document.parseHTMLUnsafe(html).querySelector('svc-card-form')!;
    element.setAttribute('frame-src', src);
    document.body.append(document.adoptNode(element));
    return [...element.shadowRoot!.children].map((node) => node.localName);
  }, [renderSvcCardForm({ lang: 'en' }), demo.frame.src] as const);
  expect(children).toEqual(['iframe', 'span']);
  await context.close();
});
