// The demo's card frame on an origin of its own (issue 29 item 7): its own server and port,
// reached as http://localhost:<frame port>, apart from the sandbox's API and /docs (Swagger UI)
// on http://127.0.0.1:<sandbox port>, so a script running on /docs could never read or script
// the frame's documents. The frame server answers the frame's files only; the sandbox none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { testKeysDir } from '../../e2e/support/demo-keys.mjs';

let demo: Demo | undefined;

beforeAll(async () => { demo = await startDemo({ port: 0, keysDir: testKeysDir() }); });
afterAll(() => demo?.close());

const at = (origin: string, path: string, init?: RequestInit) => fetch(new URL(path, origin), init);

describe('the demo\'s card frame origin', () => {
  it('differs from the API\'s and from /docs\' origin: another host and another port', () => {
    const { frame, sandboxUrl } = demo!;
    const frameOrigin = new URL(frame.origin);
    for (const other of [new URL(sandboxUrl), new URL('/docs', sandboxUrl), new URL('/openapi.json', sandboxUrl)]) {
      expect(frameOrigin.origin).not.toBe(other.origin);
      expect(frameOrigin.port).not.toBe(other.port);
    }
    expect(frameOrigin.hostname).toBe('localhost'); // another site than the merchant's 127.0.0.1 too
    expect(new URL(frame.src).origin).toBe(frame.origin);
    expect(new URL(frame.script).origin).toBe(frame.origin);
  });

  it('the frame\'s server answers the frame, its script and the JWKS, with their headers; /docs and the API are not there', async () => {
    const { frame, url: merchant } = demo!;
    const page = await fetch(frame.src);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${merchant}`);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await fetch(frame.script);
    expect(script.status).toBe(200);
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect((await at(frame.origin, '/.well-known/svc-card/jwks.json')).status).toBe(200);
    expect((await fetch(frame.src, { method: 'HEAD' })).status).toBe(200);
    for (const path of ['/docs', '/docs/', '/openapi.json', '/v1/transaction', '/', '/svc/']) {
      const answer = await at(frame.origin, path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect((await fetch(frame.src, { method: 'POST' })).status).toBe(404);
  });

  it('the sandbox serves none of the frame\'s files', async () => {
    const { frame, sandboxUrl } = demo!;
    for (const path of [new URL(frame.src).pathname, new URL(frame.script).pathname, '/.well-known/svc-card/jwks.json'])
      expect({ path, status: (await at(sandboxUrl, path)).status }).toEqual({ path, status: 404 });
  });

  it('close() closes the frame\'s server too', async () => {
    const { frame } = demo!;
    await demo!.close();
    demo = undefined;
    await expect(fetch(frame.src)).rejects.toThrow();
  });
});
