// Requests that never reach a route (http/unrouted.ts): each answered once, with
// a status every route of the description lists and the part-7 body; Node's and
// Fastify's own bodies (or none) were answered before.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRequest } from '../../test-support/raw-http.mjs';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { checkRawAnswer } from './support/openapi-check.js';
import { rawRequest as rawExchange } from './support/raw-http.js';
import { API_KEY, COMPANY, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox({ requestTimeoutMs: 1_000 }); });
afterAll(async () => sandbox?.close());

const send = async (request: string) => {
  const answer = await rawRequest(sandbox.port, [request], { end: false, readBody: true, timeoutMs: 30_000 });
  return { ...(await checkRawAnswer(sandbox.url, request, answer)), head: answer.head! };
};

it.each([
  { what: 'a request line Node cannot read', request: 'GET\r\n\r\n', status: 400, code: 'SchemaValidationException' },
  { what: 'a method Node does not know', request: 'FOO /v1/transaction HTTP/1.1\r\nHost: x\r\n\r\n', status: 400, code: 'SchemaValidationException' },
  { what: 'a broken chunk', request: 'POST /v1/transaction HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}', status: 400, code: 'SchemaValidationException' },
  { what: 'headers over 16 KiB', request: `GET /v1/transaction HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, status: 431, code: 'headers_too_large' },
  { what: 'headers that never end (the 1 s request timeout of this sandbox)', request: 'GET /v1/transaction HTTP/1.1\r\nHost: x\r\n', status: 408, code: 'request_timeout' },
  { what: 'an HTTP/1.1 request without Host', request: 'GET /v1/transaction HTTP/1.1\r\n\r\n', status: 400, code: 'SchemaValidationException' },
  { what: 'a path that is not percent-encoded UTF-8', request: 'GET /v1/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n', status: 400, code: 'SchemaValidationException' },
  { what: 'CONNECT, like any method without a route', request: 'CONNECT x:1 HTTP/1.1\r\nHost: x\r\n\r\n', status: 404, code: 'not_found' },
  // Node closes a PRI request's connection as soon as its 'request' event returns (HTTP/2's preface method, RFC 9113 3.4): found by the robustness suite's seed -2001151226.
  { what: 'PRI without an HTTP version (read as HTTP/0.9)', request: 'PRI /\r\n\r\n', status: 400, code: 'SchemaValidationException' },
  { what: 'the HTTP/2 connection preface', request: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', status: 400, code: 'SchemaValidationException' },
])('$what: $status $code in the part-7 body', async ({ request, status, code }) => {
  const answer = await send(request);
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ code, error_messages: [{ msg: expect.any(String) }], metadata: {} });
});

it('an expectation other than 100-continue is ignored: the request is answered as without it', async () => {
  const answer = await send(`GET /sandbox/v1/clock?companyId=${COMPANY} HTTP/1.1\r\nHost: x\r\napiKey: ${API_KEY}\r\nExpect: nonsense\r\n\r\n`);
  expect(answer.status).toBe(200);
  expect(answer.body.companyId).toBe(COMPANY);
});

it('a refusal sent before the body arrived is the only answer on its connection: no 408 follows when the body never comes', async () => {
  const { text, closed } = await rawExchange(sandbox.url, 'POST /v1/transaction HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":', 15_000);
  expect(closed).toBe(true); // the request timeout ends the connection
  expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401']);
});
