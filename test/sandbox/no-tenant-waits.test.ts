// Issue 38, goal 3: no tenant waits for another's work, and a request the server received is
// answered. Each test names the defect it failed on before its fix. The stall tests hold the
// event loop on purpose (a synchronous wait, as a long job or a loaded machine does) and assert
// structure, not milliseconds: the request that arrived during the stall gets its answer.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { makeClient, makeProduct } from './support/fixtures.js';
import { API_KEY, COMPANY, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
// Short timeouts, so a stall a few seconds long outlasts them (Node adds 1 s to the keep-alive one).
const KEEP_ALIVE_MS = 300;
const REQUEST_TIMEOUT_MS = 1_000;
beforeAll(async () => { sandbox = await memorySandbox({ keepAliveTimeoutMs: KEEP_ALIVE_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS }); });
afterAll(async () => sandbox?.close());

/** Holds the event loop, as a job that never yields does. */
const holdTheLoop = (ms: number) => { const until = Date.now() + ms; while (Date.now() < until) { /* stalled */ } };

/** A socket to the sandbox and everything it receives; `closed` once the server ends it. */
async function openSocket() {
  const { port } = new URL(sandbox.url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const state = { text: '', closed: false, socket };
  socket.on('data', (chunk) => { state.text += chunk.toString('latin1'); });
  socket.on('close', () => { state.closed = true; });
  socket.on('error', () => { state.closed = true; });
  return state;
}
const answers = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
async function until(test: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await test()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}
const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;

it('a keep-alive socket reused while the loop was held is answered, not reset (before: the keep-alive timeout closed it first, ECONNRESET)', async () => {
  const conn = await openSocket();
  conn.socket.write(GET('/v1/no-such-route'));
  await until(() => answers(conn.text).length === 1);
  // The next request reaches the kernel, then the loop is held past the keep-alive timeout (+ Node's 1 s).
  conn.socket.write(GET('/v1/no-such-route'));
  holdTheLoop(KEEP_ALIVE_MS + 2_500);
  await until(() => answers(conn.text).length === 2 || conn.closed);
  expect(answers(conn.text)).toEqual([404, 404]);
  conn.socket.destroy();
});

it('a body that arrived while the loop was held is read and answered, not 408 (before: the request check ran first, 408)', async () => {
  const conn = await openSocket();
  const body = JSON.stringify({ companyId: COMPANY, name: 'Ana Stall', doc: '11144477735', email: 'stall@example.com' });
  conn.socket.write(`POST /v1/client HTTP/1.1\r\nHost: 127.0.0.1\r\napiKey: ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the headers are read: the request's time starts
  conn.socket.write(body);
  holdTheLoop(REQUEST_TIMEOUT_MS * 3);
  await until(() => answers(conn.text).length === 1 || conn.closed);
  expect(answers(conn.text)[0]).not.toBe(408);
  expect(answers(conn.text)[0]).toBeLessThan(500);
  conn.socket.destroy();
});

it('requests of another company, of the same company and without the database, sent mid-batch, are answered before a 1,000-item batch (the most a batch takes) ends (before: all waited for its end)', async () => {
  const client = await makeClient(sandbox);
  const product = await makeProduct(sandbox);
  const other = 'company_not_waiting';
  const { apiKey: otherKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [other] });
  const list = Array.from({ length: 1_000 }, () => ({ productId: product._id, clientId: client._id, dueDate: '2030-05-01', paymentMethod: 'BOLETO' }));
  const { batchId } = (await call(sandbox, 'POST', '/v1/subscription/list', { companyId: COMPANY, list })).body;
  const progress = async () => (await sandbox.db.query<{ status: string; n: number }>('SELECT status, jsonb_array_length(results) AS n FROM batches WHERE id = $1', [batchId]))[0]!;
  // Seen running with some items done: the batch lets this test's own timers run while it works.
  let seen = await progress();
  while (seen.status !== 'done' && seen.n === 0) { await new Promise((resolve) => setTimeout(resolve, 5)); seen = await progress(); }
  expect(seen.status).toBe('running');
  // Each answer's time, set against the batch's last subscription's creation below: a read of the
  // batch's status after an answer would wait behind the batch's next chunk itself (one connection),
  // and a whole run saw the batch done by then though the answer had come mid-batch.
  const fetched = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(sandbox.url + path, { headers });
    await answer.arrayBuffer();
    return { status: answer.status, at: Date.now() };
  };
  const [otherRead, ownRead, noDatabase] = await Promise.all([
    fetched(`/v1/client?companyId=${other}`, { apiKey: otherKey }),
    fetched(`/v1/client?companyId=${COMPANY}`, { apiKey: API_KEY }),
    fetched('/v1/no-such-route'),
  ]);
  expect([otherRead.status, ownRead.status, noDatabase.status]).toEqual([200, 200, 404]);
  // And the batch still ends, every item created once.
  await until(async () => (await progress()).status === 'done', 170_000);
  expect(await progress()).toEqual({ status: 'done', n: 1_000 });
  const last = (await sandbox.db.query<{ last: Date }>('SELECT max(created_at) AS last FROM subscriptions WHERE client_id = $1', [client._id]))[0]!.last;
  for (const answered of [otherRead, ownRead, noDatabase]) expect(answered.at).toBeLessThan(last.getTime());
});
