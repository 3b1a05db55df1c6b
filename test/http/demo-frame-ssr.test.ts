// The demo's frame-mode page rendered with its iframe (issue 27, svc-card/ssr): the iframe points at
// the card frame with this page's origin, as the browser asked for it (the Host header), a new
// channel per page, and the shadow root's <style> allowed by its hash. A Host that is not one
// (a client may send anything) renders the plain element, which loads its frame itself.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';
import { renderSvcPaymentMethods, ssrStyleSource } from '../../src/ssr/index.js';

let demo: Demo | undefined;
beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
afterAll(() => demo?.close());

/** GET / with a Host header of our choosing (fetch sets its own). */
const page = (host: string, path = '/?lang=en') => new Promise<{ html: string; csp: string }>((resolve, reject) => {
  const url = new URL(demo!.url);
  request({ host: url.hostname, port: url.port, path, headers: { host } }, (response) => {
    let html = '';
    response.setEncoding('utf8').on('data', (chunk) => (html += chunk)).on('end', () => resolve({ html, csp: String(response.headers['content-security-policy']) }));
  }).on('error', reject).end();
});
const iframeSrc = (html: string) => /<iframe(?: class="rates")? referrerpolicy="no-referrer" title="Card details" src="([^"]+)"><\/iframe>/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('the demo\'s frame-mode page, rendered with its iframe', () => {
  it('points the iframe at the card frame with the page\'s origin, a new channel each time; the frame script deferred; the style hashed', async () => {
    const host = new URL(demo!.url).host;
    const [first, second] = [await page(host), await page(host)];
    const src = new URL(iframeSrc(first.html)!);
    expect(src.href.replace(src.hash, '')).toBe(demo!.frame.src);
    const fragment = new URLSearchParams(src.hash.slice(1));
    expect(fragment.get('origin')).toBe(`http://${host}`);
    expect(JSON.parse(fragment.get('config')!)).toMatchObject({ v: 1, type: 'config', lang: 'en', holderDocument: true });
    expect(new URLSearchParams(new URL(iframeSrc(second.html)!).hash.slice(1)).get('channel')).not.toBe(fragment.get('channel'));
    // The demo's plans carry interest (12x with their rates): the reserve counts the rates' line from the first paint.
    expect(first.html).toContain('<iframe class="rates" ');
    expect(first.html).toContain(`<script src="${demo!.frame.script}"`);
    expect(first.html).toMatch(/svc-card-form-frame\.js"[^>]* defer><\/script>/);
    expect(first.csp).toContain(`style-src 'self' ${await ssrStyleSource()};`);
  });

  it('renders the chooser with its radios in both modes, its script deferred: no script blocks the parser before the card form', async () => {
    const host = new URL(demo!.url).host;
    for (const path of ['/?lang=en', '/?lang=en&isolation=inline']) {
      const { html, csp } = await page(host, path);
      expect(html).toContain(renderSvcPaymentMethods({ id: 'methods', lang: 'en', methods: 'card pix boleto' }).replace(/<\/svc-payment-methods>$/, ''));
      expect(html).toMatch(/svc-payment-methods-[\d.]+\.js"[^>]* defer><\/script>/);
      expect(csp).toContain(`style-src 'self' ${await ssrStyleSource()};`);
    }
  });

  it('renders the plain element, its script blocking, for a Host that is not a host', async () => {
    const { html } = await page('a"><b x=y');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<b x=y');
    expect(html).toMatch(/<svc-card-form slot="card" name="card" lang="en" frame-src="[^"]+" key-id="[^"]+"/);
    expect(html).toMatch(/svc-card-form-frame\.js"[^>]*crossorigin="anonymous"><\/script>/);
  });
});
