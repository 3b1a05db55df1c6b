// `npm run docs -- --port 0` (issue 41, item 7): port 0 is a free port the system picks, as it
// is everywhere else; Vite read it as its default and served on 5173. Needs `npm run build`.
import { readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { startDocs, type Docs } from '../../site/scripts/docs-server.mjs';

let docs: Docs | undefined;
afterAll(async () => docs?.close());

it('port 0 serves the site on a port the system picked (its ephemeral range), not on Vite\'s default 5173', async () => {
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number) as [number, number];
  docs = await startDocs({ port: 0, elementOnly: true });
  const port = Number(new URL(docs.url).port);
  expect(port).not.toBe(5173);
  expect(port).toBeGreaterThanOrEqual(low);
  expect(port).toBeLessThanOrEqual(high);
  const page = await fetch(`${docs.url}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('id="app"'); // VitePress's dev page: the app renders in the browser
}, 180_000);
