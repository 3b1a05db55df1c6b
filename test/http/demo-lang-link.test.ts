// The demo checkout's language link keeps the isolation mode (issue 9): the inline page
// (?isolation=inline) links to the other language's inline page, the frame page to its frame page.
// The whole demo (the page reads its price and plans from the sandbox), with the card frame hosted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';

let merchant: Demo;

beforeAll(async () => { merchant = await startDemo({ port: 0, keysDir: testKeysDir() }); });
afterAll(() => merchant?.close());

/** The page at `path`: its language link's href and whether the element is in frame mode. */
async function page(path: string) {
  const html = await (await fetch(merchant.url + path)).text();
  const href = /<a class="lang-switch" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  return { href, framed: html.includes('frame-src=') };
}

describe('demo language link', () => {
  it.each([
    ['/?isolation=inline', '/?lang=en&isolation=inline'],
    ['/?lang=en&isolation=inline', '/?isolation=inline'],
  ])('keeps ?isolation=inline: %s links to %s, an inline page', async (path, linked) => {
    expect(await page(path)).toEqual({ href: linked, framed: false });
    expect((await page(linked)).framed).toBe(false);
  });

  it.each([['/', '/?lang=en'], ['/?lang=en', '/']])('frame mode (the default) links %s to %s', async (path, linked) => {
    expect(await page(path)).toEqual({ href: linked, framed: true });
  });
});
