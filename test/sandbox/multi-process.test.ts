// Three sandbox processes on one PostgreSQL (issue 25): 1,000 batch items and
// 1,000 webhook events, one process SIGKILLed while it holds a batch and a
// delivery. Every item is created once, in order; every event is delivered, at
// least once, and twice only where the killed process had it in flight.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, type SvcClient } from '../../packages/client/src/index.js';
import { TOTAL } from '../../packages/sandbox/webhooks/dispatcher.js';
import { DEMO_PRODUCT_ID } from '../../packages/sandbox/seed.js';
import { startPostgres } from '../../test-support/postgres-server.js';
import { API_KEY, COMPANY, PAID_PROFILE } from './support/sandbox.js';

const ITEMS = 1_000;
const BATCHES = 4;
const EVENTS = 1_000;
const DOCS = ['52998224725', '11144477735'];

let server: Awaited<ReturnType<typeof startPostgres>>;
let sql: pg.Client;
const processes: ChildProcess[] = [];
const clients: SvcClient[] = [];
let receiver: Server;
let receiverUrl: string;
const received = new Map<string, number>();

async function startProcess(name: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test-support/sandbox-process.ts'], {
    env: { ...process.env, DATABASE_URL: `${server.url}?application_name=${name}` }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  processes.push(child);
  for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('{')) return (JSON.parse(line) as { url: string }).url;
  throw new Error(`${name} ended before it listened`);
}

beforeAll(async () => {
  server = await startPostgres();
  // One after the other: the first creates the schema.
  for (const name of ['sandbox-1', 'sandbox-2', 'sandbox-3']) clients.push(createClient({ baseUrl: await startProcess(name), apiKey: API_KEY }));
  sql = new pg.Client({ connectionString: server.url });
  await sql.connect();
  receiver = createServer((request, response) => {
    request.resume().on('end', () => {
      const id = String(request.headers['svc-event-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      setTimeout(() => response.writeHead(200).end(), 20); // a receiver that takes a moment: deliveries stay in flight
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
}, 300_000);
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await sql?.end();
  await new Promise((resolve) => receiver?.close(resolve));
  server?.stop();
});

/** The advisory claims (db/claims.ts) a process holds now, by kind number. */
async function claimsOf(name: string): Promise<Set<number>> {
  const { rows } = await sql.query<{ classid: number }>(`SELECT l.classid::int AS classid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1`, [name]);
  return new Set(rows.map((r) => r.classid));
}

it('three processes, one SIGKILLed mid-way: every batch item created once, every event delivered', async () => {
  const [one, , three] = clients as [SvcClient, SvcClient, SvcClient];
  await one.POST('/sandbox/v1/webhooks', { body: { companyId: COMPANY, url: receiverUrl, events: ['transaction.created'] } });
  const client = await one.POST('/v1/client', { body: { companyId: COMPANY, name: 'Cliente Teste', doc: DOCS[0]!, email: 'c@example.com' } });
  const [{ n: before }] = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions')).rows as [{ n: number }];

  const item = { productId: DEMO_PRODUCT_ID, clientId: client._id, dueDate: '2030-05-01', paymentMethod: 'PIX' as const };
  const batchIds: string[] = [];
  for (let b = 0; b < BATCHES; b++) batchIds.push((await one.POST('/v1/subscription/list', { body: { companyId: COMPANY, list: Array.from({ length: ITEMS / BATCHES }, () => item) } })).batchId);

  // Transactions through processes 1 and 3 only: the one killed is never answering a request of the test's.
  let sent = 0;
  const sending = Promise.all(Array.from({ length: 8 }, async (_, lane) => {
    while (sent < EVENTS) {
      sent++;
      await (lane % 2 ? one : three).POST('/v1/transaction', { body: { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE } });
    }
  }));

  // Kill process 2 a quarter of the way in, while it holds a batch and a delivery.
  const progress = async () => (await sql.query<{ n: number }>('SELECT coalesce(sum(jsonb_array_length(results)), 0)::int AS n FROM batches')).rows[0]!.n;
  for (let i = 0; i < 1_200 && (await progress()) < ITEMS / 4; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  let held = new Set<number>();
  for (let i = 0; i < 3_000 && !(held.has(2501) && held.has(2502)); i++) {
    held = await claimsOf('sandbox-2');
    if (!(held.has(2501) && held.has(2502))) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect([...held].sort()).toEqual([2501, 2502]);
  processes[1]!.kill('SIGKILL');
  const progressAtKill = await progress();
  const deliveredAtKill = received.size;
  expect(progressAtKill).toBeGreaterThanOrEqual(ITEMS / 4);
  expect(progressAtKill).toBeLessThan(ITEMS);
  await sending;

  // Everything finishes on the two left.
  for (let i = 0; i < 600; i++) {
    const { rows } = await sql.query<{ pending: number; open: number }>(`SELECT (SELECT count(*) FROM deliveries WHERE status = 'pending')::int AS pending,
      (SELECT count(*) FROM batches WHERE status <> 'done')::int AS open`);
    if (rows[0]!.pending === 0 && rows[0]!.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const batches = (await sql.query<{ id: string; status: string; results: { index: number; status: string; subscriptionId: string }[] }>('SELECT id, status, results FROM batches')).rows;
  expect(batches.map((b) => b.status)).toEqual(Array(BATCHES).fill('done'));
  const results = batches.flatMap((b) => b.results);
  expect(results).toHaveLength(ITEMS);
  for (const b of batches) expect(b.results.map((r) => r.index)).toEqual([...Array(ITEMS / BATCHES).keys()]);
  expect(results.every((r) => r.status === 'created')).toBe(true);
  expect(new Set(results.map((r) => r.subscriptionId)).size).toBe(ITEMS);
  const [{ n: after }] = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions')).rows as [{ n: number }];
  expect(after - before).toBe(ITEMS);

  const deliveries = (await sql.query<{ event_id: string; status: string; attempts: number }>('SELECT event_id, status, attempts FROM deliveries')).rows;
  expect(deliveries).toHaveLength(EVENTS);
  expect(deliveries.filter((d) => d.status !== 'succeeded' || d.attempts !== 1)).toEqual([]);
  expect(deliveries.filter((d) => !received.has(d.event_id))).toEqual([]);
  const twice = [...received.values()].filter((count) => count > 1);
  expect(Math.max(...received.values())).toBeLessThanOrEqual(2);
  expect(twice.length).toBeLessThanOrEqual(TOTAL); // only what the killed process had in flight
  console.log(`multi-process: killed at ${progressAtKill}/${ITEMS} items and ${deliveredAtKill}/${EVENTS} events; ${twice.length} of ${EVENTS} events delivered twice`);
}, 600_000);
