// The demo checkout's language link keeps the isolation mode (issue 9): the inline page
// (?isolation=inline) links to the other language's inline page, the frame page to its frame page.
// The merchant server alone: rendering a page needs no sandbox (GET / never calls it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant } from '../../demo/merchant/server.mjs';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const frameOrigin = 'http://localhost:9';
let merchant: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  merchant = await startMerchant({
    sandboxUrl: 'http://127.0.0.1:9', apiKey: 'unused', companyId: 'unused', publicKey: readSharedKey('rsa-2048-public.pem'), keyId: 'v1',
    frame: { origin: frameOrigin, src: `${frameOrigin}/card-frame.html`, script: `${frameOrigin}/svc-card-form-frame.js`, integrity: 'sha384-unused' },
  });
});
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
