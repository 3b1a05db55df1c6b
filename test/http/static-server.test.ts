// Defect 11 of issue 14: the e2e static server died on `GET /%E0%A4%A` (decodeURIComponent
// threw in the handler) and served the whole repository root, `.git/config` included.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_FOLDERS, servedPath, startStaticServer, type StaticServer } from '../../e2e/support/static-server.mjs';
import { rawMessage, rawRequest } from '../../test-support/raw-http.mjs';

/** A repository-like root: what the pages need, and what must never be served. */
const FILES: Record<string, string> = {
  'dist/svc.js': 'served',
  'e2e/pages/plain.html': 'served',
  'dist/.env': 'secret', 'e2e/pages/.hidden/a.html': 'secret', '.git/config': 'secret', 'package.json': 'secret',
  'e2e/support/static-server.mjs': 'secret', 'src/index.ts': 'secret', 'distribution/x.js': 'secret',
};
let root: string;
let server: StaticServer;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-static-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  server = await startStaticServer(root);
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const port = () => Number(new URL(server.url).port);
const get = (target: string) => rawRequest(port(), [rawMessage({ target, headers: [['Host', '127.0.0.1']] })]);

describe('the e2e static server', () => {
  it('serves an absolute-form target by its path (the browsers that use it as their proxy), with the same rules', () => {
    expect(servedPath('http://shop.test:4000/dist/svc.js?x', SERVED_FOLDERS)).toEqual({ path: 'dist/svc.js' });
    expect(servedPath('http://shop.test:4000/.git/config', SERVED_FOLDERS)).toEqual({ status: 404 });
    expect(servedPath('http://shop.test', SERVED_FOLDERS)).toEqual({ status: 404 });
    expect(servedPath('https://shop.test/dist/svc.js', SERVED_FOLDERS)).toEqual({ status: 400 });
  });

  it.each(['/%E0%A4%A', '/%', '/dist/%ZZ', '/%C0%AF'])('%s: 400, and it keeps serving', async (target) => {
    expect((await get(target)).status).toBe(400);
    expect((await fetch(`${server.url}/dist/svc.js`)).status).toBe(200);
  });

  it('serves the allowed folders (dist/, e2e/pages/)', async () => {
    for (const path of ['/dist/svc.js', '/e2e/pages/plain.html']) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('served');
    }
  });

  it.each(['/.git/config', '/package.json', '/e2e/support/static-server.mjs', '/src/index.ts', '/distribution/x.js', '/dist/.env',
    '/e2e/pages/.hidden/a.html', '/dist/../package.json', '/dist/%2e%2e/package.json', '/dist/..%2fpackage.json', '/e2e/pages/%2e%2e/%2e%2e/.git/config',
    '/dist%2f..%2f.git%2fconfig', '/dist/%2e%67it/config'])('never %s', async (target) => {
    const answer = await get(target);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('any target: an answer below 500, and a 200 only for an allowed file', async () => {
    const segment = fc.oneof(
      fc.constantFrom('dist', 'e2e', 'pages', 'svc.js', 'plain.html', '.git', 'config', '..', '.', '%2e%2e', '%2f', '%00', '%', '%E0%A4%A', '.env', '.hidden', 'a.html'),
      fc.webSegment(),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    await fc.assert(fc.asyncProperty(fc.array(segment, { maxLength: 6 }), async (segments) => {
      const target = `/${segments.join('/')}`;
      const answer = await get(target);
      expect(answer.status, target).not.toBeNull();
      expect(answer.status!, target).toBeLessThan(500);
      if (answer.status === 200) expect(['/dist/svc.js', '/e2e/pages/plain.html'], target).toContain(decodeURIComponent(target));
    }), { numRuns: 400 });
  });
});
