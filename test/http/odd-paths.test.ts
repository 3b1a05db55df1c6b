// Defect 1 of issue 14: a request target like `//` made `new URL(target, base)` throw
// in the request handler and ended the whole demo process. Any page can send one
// (`<img src="http://127.0.0.1:4173//">`). Raw sockets: fetch would normalise the path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProcess, type DemoProcess } from '../../test-support/demo-process.mjs';
import { rawMessage, rawRequest } from '../../test-support/raw-http.mjs';

const ODD_TARGETS = ['//', '///', '//x:99999', '//@', '//@/', '//x:0/a', '//[::1/', '//%/', '/\\\\', '//?lang=en', '//x:99999/api/pay'];

let demo: DemoProcess;
beforeAll(async () => { demo = await startDemoProcess(); });
afterAll(async () => { await demo?.stop(); });

const servers = () => [['merchant', demo.merchantUrl], ['sandbox', demo.sandboxUrl]] as const;

describe('odd request targets', () => {
  it.each(['GET', 'POST', 'HEAD'])('%s to either server: a 4xx, and the process stays up', async (method) => {
    for (const [name, url] of servers()) {
      for (const target of ODD_TARGETS) {
        const headers: Array<[string, string]> = [['Host', '127.0.0.1'], ['Content-Type', 'application/json'], ['Content-Length', '2']];
        const answer = await rawRequest(Number(new URL(url).port), [rawMessage({ method, target, headers, body: '{}' })]);
        expect({ name, target, status: answer.status, alive: demo.alive() }).toMatchObject({ status: expect.any(Number), alive: true });
        expect(answer.status, `${name} ${method} ${target}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${name} ${method} ${target}`).toBeLessThan(500);
      }
    }
  });

  it('the servers still answer ordinary requests afterwards', async () => {
    expect((await fetch(`${demo.merchantUrl}/`)).status).toBe(200);
    expect((await fetch(`${demo.sandboxUrl}/v1/nothing`)).status).toBe(404);
    expect(demo.stderr()).not.toMatch(/ERR_INVALID_URL|unexpected failure/);
  });
});
