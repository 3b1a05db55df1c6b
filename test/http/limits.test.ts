// Defect 12 of issue 14: the demo servers kept a slow request open for Node's 300 s
// and took `application/json-seq` for JSON (the record bound: sandbox-records.test.ts).
// Every sandbox answer is checked against its /openapi.json: fetched ones by checkedFetch,
// raw ones by checkRawAnswer (a 408 reaches no route: a status every route lists, part-7 body).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoProcess, type DemoProcess } from '../../test-support/demo-process.mjs';
import { rawMessage, rawRequest } from '../../test-support/raw-http.mjs';
import { checkRawAnswer, checkedFetch } from '../sandbox/support/openapi-check.js';
import { API_KEY, fieldPaths } from './support/sandbox-api.js';

/** Far below Node's defaults (60 s headers, 300 s request) and far above ours: no timing race. */
const ANSWER_WITHIN_MS = 45_000;

let demo: DemoProcess;
beforeAll(async () => { demo = await startDemoProcess(); });
afterAll(async () => { await demo?.stop(); });

const ports = () => ({ merchant: Number(new URL(demo.merchantUrl).port), sandbox: Number(new URL(demo.sandboxUrl).port) });
const PAY_PATHS = { merchant: '/api/pay', sandbox: '/v1/transaction' } as const;

describe('content type', () => {
  /** The sandbox's answer is checked against its description; the merchant server has none. */
  const send = async (server: 'merchant' | 'sandbox', type: string) => {
    const init = { method: 'POST', headers: { 'content-type': type, apiKey: API_KEY }, body: '{}' };
    if (server === 'sandbox') {
      const { status, body } = await checkedFetch(demo.sandboxUrl, PAY_PATHS.sandbox, init);
      return { status, text: JSON.stringify(body) };
    }
    // The order's cookie, as the checkout page gives it (without one the store answers 409 "no order").
    const cookie = (await fetch(`${demo.merchantUrl}/`)).headers.get('set-cookie')!.split(';')[0]!;
    const response = await fetch(demo.merchantUrl + PAY_PATHS.merchant, { ...init, headers: { ...init.headers, cookie } });
    return { status: response.status, text: await response.text() };
  };

  it.each(['application/json-seq', 'application/jsonx', 'application/json-patch+json', 'text/json', 'application/json,text/plain', 'application/ json'])(
    '%s is refused by both servers with a 400 saying Content-Type', async (type) => {
      for (const server of ['merchant', 'sandbox'] as const) {
        const { status, text } = await send(server, type);
        expect({ server, status }).toEqual({ server, status: 400 });
        expect(text).toMatch(/Content-Type/i);
      }
    });

  it.each(['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-8'])(
    '%s is read as JSON', async (type) => {
      // `{}` is JSON but no payment: the merchant says encryptedCard is missing, the sandbox names the fields.
      const merchant = await send('merchant', type);
      expect(merchant.status).toBe(422);
      const sandbox = await send('sandbox', type);
      expect(sandbox.status).toBe(400);
      expect(fieldPaths(JSON.parse(sandbox.text))).toContain('companyId');
    });
});

describe('slow clients', () => {
  // 80 bytes at one a second would take 80 s: longer than the answer may take.
  const body = JSON.stringify({ encryptedCard: {}, pad: 'x'.repeat(52) });
  const head = (path: string) => rawMessage({
    method: 'POST', target: path,
    headers: [['Host', '127.0.0.1'], ['apiKey', API_KEY], ['Content-Type', 'application/json'], ['Content-Length', String(body.length)]],
  });

  it('headers sent one line a second, a body one byte a second: 408 within seconds, not minutes', async () => {
    const cases = Object.entries(ports()).flatMap(([server, port]) => {
      const path = PAY_PATHS[server as keyof typeof PAY_PATHS];
      const lines = head(path).toString('latin1').split(/(?<=\r\n)/);
      /** Sends `parts` slowly; a sandbox answer is read whole and checked against the description. */
      const run = (parts: string[] | Buffer[], delayMs: number) => async () => {
        const answer = await rawRequest(port, parts, { delayMs, end: false, timeoutMs: ANSWER_WITHIN_MS, readBody: server === 'sandbox' });
        if (server === 'sandbox') await checkRawAnswer(demo.sandboxUrl, parts[0]!, answer);
        return answer;
      };
      return [
        { server, what: 'slow headers', run: run([...lines.slice(0, 3), ...Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: 1\r\n`)], 1_000) },
        { server, what: 'slow body', run: run([head(path), ...body.split('').map((c) => Buffer.from(c))], 1_000) },
        { server, what: 'body never sent', run: run([head(path)], 0) },
      ];
    });
    const answers = await Promise.all(cases.map(async ({ server, what, run }) => ({ server, what, status: (await run()).status })));
    expect(answers).toEqual(cases.map(({ server, what }) => ({ server, what, status: 408 })));
    expect(demo.alive()).toBe(true);
  });
});
