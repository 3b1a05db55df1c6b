// bench/scale.mjs's POST /v1/transaction figures: requests per second
// over the time the requests took. autocannon (with `amount`) reports its run only at its next
// 1-second sample, so its `duration` is never under 1 s and is rounded up to whole seconds:
// issue 25's figures read exactly 200 req/s with one sandbox process and with two (1,000
// requests over "5 s"). 20 requests to a server that answers at once take milliseconds, so a
// rate counted over autocannon's duration is at most 20 req/s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRate } from '../../bench/post-rate.mjs';

const servers: Server[] = [];
const seen: string[] = [];

async function answeringServer(status = 201): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => { seen.push(body); res.writeHead(status).end('{}'); });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(() => { seen.length = 0; });
afterAll(async () => { await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))); });

describe('postRate', () => {
  it('counts requests per second over the requests own time, not autocannon\'s duration rounded up to its 1 s sample', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => `{"n":${i}}`);
    const rate = await postRate([{ url: await answeringServer(), connections: 2, bodies }], { path: '/v1/transaction' });
    expect(rate.requests).toBe(20);
    expect(rate.seconds).toBeLessThan(1); // autocannon's duration is at least its 1 s sample
    expect(rate.rps).toBeGreaterThan(20);
    expect(rate.rps).toBe(Math.round(20 / rate.seconds));
  });

  it('sends each body once, to its own server, with every run at once, and counts the non-2xx answers of all', async () => {
    seen.length = 0;
    const a = Array.from({ length: 6 }, (_, i) => `{"a":${i}}`);
    const b = Array.from({ length: 4 }, (_, i) => `{"b":${i}}`);
    const rate = await postRate([{ url: await answeringServer(), connections: 2, bodies: a }, { url: await answeringServer(402), connections: 1, bodies: b }]);
    expect(rate.requests).toBe(10);
    expect(rate.non2xx).toBe(4);
    expect([...seen].sort()).toEqual([...a, ...b].sort());
  });
});
