// createCardFrameHost (issue 9): the card frame's files from dist/frame/ with SRI-checked bytes,
// the frame page's strict CSP with the configured frame-ancestors, the merchant script with
// CORS, the JWKS of the keys, and refusals naming the option. Needs `npm run build`.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardFrameHost, type CardFrameHost } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const distDir = resolve(process.cwd(), 'dist');
const keys = { v1: readSharedKey('rsa-2048-private.pem') };
let host: CardFrameHost;
let server: Server;
let origin: string;
let ancestors = ['https://shop.example'];

beforeAll(async () => {
  host = await createCardFrameHost({ keys, frameAncestors: () => ancestors, distDir });
  server = createServer((request, response) => { if (!host.handle(request, response)) response.writeHead(404).end(); });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }));

describe('createCardFrameHost', () => {
  it('serves the frame page under a strict CSP naming the allowed embedders, asked per request', async () => {
    const page = await fetch(origin + host.framePath);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    for (const directive of ["script-src 'self'", "connect-src 'self'", 'frame-ancestors https://shop.example', "require-trusted-types-for 'script'", 'trusted-types lit-html']) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    ancestors = [];
    expect((await fetch(origin + host.framePath)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    ancestors = ['https://shop.example'];
  });

  it('serves the frame script whose bytes match the page SRI, and the merchant script with CORS', async () => {
    const html = await (await fetch(origin + host.framePath)).text();
    const pinned = [...html.matchAll(/(?:src|href)="([^"]+)" integrity="([^"]+)"/g)];
    expect(pinned).toHaveLength(1);
    for (const [, name, integrity] of pinned) {
      const bytes = Buffer.from(await (await fetch(new URL(name!, origin + host.framePath))).arrayBuffer());
      expect(`sha384-${createHash('sha384').update(bytes).digest('base64')}`).toBe(integrity);
    }
    const parent = await fetch(origin + host.parentScript.path);
    expect(parent.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = Buffer.from(await parent.arrayBuffer());
    expect(`sha384-${createHash('sha384').update(bytes).digest('base64')}`).toBe(host.parentScript.integrity);
  });

  it('serves the public JWKS of the keys and nothing else', async () => {
    const jwks = await fetch(`${origin}/.well-known/svc-card/jwks.json`);
    expect(jwks.headers.get('content-type')).toBe('application/jwk-set+json');
    const body = await jwks.json();
    expect(body.keys.map((k: { kid: string }) => k.kid)).toEqual(['v1']);
    expect(JSON.stringify(body)).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    expect((await fetch(`${origin}/svc/`)).status).toBe(404);
    expect((await fetch(origin + host.framePath, { method: 'POST' })).status).toBe(404);
  });

  it('serves the frame page already rendered, with its keys and styles: the fields read-only in declarative shadow DOM, the JWKS inline, each <style> allowed by its hash alone', async () => {
    const response = await fetch(origin + host.framePath);
    const html = await response.text();
    expect(html).toMatch(/<body><svc-card-form lang="pt-BR"><template shadowrootmode="open" shadowrootdelegatesfocus><style>/);
    for (const id of ['holder', 'number', 'expiry', 'securityCode']) expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*readonly`));
    const inline = /<script type="application\/json" id="svc-jwks">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(inline!)).toEqual(host.jwks);
    const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, style]) => `'sha256-${createHash('sha256').update(style!).digest('base64')}'`);
    expect(hashes).toHaveLength(2); // the page's, the element's
    expect(html).not.toContain('rel="stylesheet"');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`style-src 'self' ${hashes.join(' ')};`);
    expect(csp).not.toMatch(/unsafe-inline/);
    // Revalidated at each load (the keys are in it); the versioned files are cached for good.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect([...host.files].filter(([path]) => /card-frame-[\d.]+\.js$/.test(path)).map(([, file]) => file.headers['cache-control'])).toEqual([
      'public, max-age=31536000, immutable',
    ]);
  });

  it('refuses bad options, naming them', async () => {
    await expect(createCardFrameHost({ keys, frameAncestors: ['*'], distDir })).rejects.toThrow(/frameAncestors/);
    await expect(createCardFrameHost({ keys, frameAncestors: ['https://a.example/path'], distDir })).rejects.toThrow(/frameAncestors/);
    await expect(createCardFrameHost({ keys, frameAncestors: [], basePath: 'svc', distDir })).rejects.toThrow(/basePath/);
    await expect(createCardFrameHost({ keys: { v1: 'x' }, frameAncestors: [], distDir })).rejects.toThrow(/keys\["v1"\]/);
  });
});
