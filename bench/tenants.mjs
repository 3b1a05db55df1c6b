// No tenant waits for another's work (issue 38, goals 2 and 3): on PGlite (a data folder, on a
// worker thread since session 33, as `npx @svc-card/sandbox` runs it) and on PostgreSQL (Debian's, started here),
// each heavy job of one company runs beside a steady stream of other requests, sent from a
// worker thread (bench/steady-stream.mjs), and the stream's p50, p99 and max are reported per
// kind, with anything that was not an answer (a reset, a 408, a 5xx):
//   batch   POST /v1/subscription/list of 1,000 items, until the batch is done (goal 2's time)
//   export  GET /v1/alert/exports of 100,000 alerts, read to its end
//   clock   POST /sandbox/v1/clock/advance +30 days over that batch's 1,000 subscriptions
//   forecast GET /sandbox/v1/subscription/forecast of 366 days of a daily card subscription (issue 40
//           item 6: it runs on a scratch copy; twice in BENCH_JOBS: the first loads the scratch)
//   batch-each, clock-each  the same, each item or subscription read and written on its own (before
//           issue 38's set-wise writes), for the ratio (BENCH_JOBS=batch,batch-each,clock,clock-each)
// The stream: another company's read and write, the batch company's own read, a route
// without the database. Numbers only; nothing fails because a machine is slow.
// Run: npm run build && node bench/tenants.mjs   (or through bench/run.mjs)
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { readSharedKey } from '../test-support/shared-vectors.mjs';
import { PAID_PROFILE } from '../test-support/cards.mjs';
import { traceDatabase } from './db-trace.mjs';

const root = resolve(import.meta.dirname, '..');
const { createDecryptor } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);
const { startSandbox, createCredential, ALL_PERMISSIONS, batchWriting, clockStepping } = await tsImport('./clock-sandbox.ts', import.meta.url);
const { startPostgres } = await tsImport('../test-support/postgres-server.ts', import.meta.url);

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 1_000);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const EVERY_MS = Number(process.env.BENCH_EVERY_MS ?? 20);
const A = 'company_demo';
const A_KEY = 'sbx_demo.sandbox-secret-not-for-production';
const B = 'company_bench_other';
const JOBS = (process.env.BENCH_JOBS ?? 'batch,export,clock').split(',');
/** BENCH_TRACE=1: what the stream's slowest requests waited behind (bench/db-trace.mjs). */
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_STORAGE=pglite (or postgresql): one side only. */
const STORAGES = (process.env.BENCH_STORAGE ?? 'pglite,postgresql').toLowerCase().split(',');

/** One call; a body over 1 MB (the export) is counted, not kept or parsed, so this thread stays free. */
function http(url, method, path, headers, body) {
  return new Promise((done, fail) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url + path, { method, headers: { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const parts = [];
      let bytes = 0;
      res.on('data', (chunk) => { bytes += chunk.length; if (bytes <= 1e6) parts.push(chunk); });
      res.on('end', () => {
        const raw = bytes <= 1e6 ? Buffer.concat(parts).toString() : '';
        let parsed = raw;
        try { parsed = JSON.parse(raw); } catch { /* a large body's size is what counts */ }
        done({ status: res.statusCode, body: parsed, bytes });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(text);
  });
}

async function setUp(sandbox) {
  const { apiKey: bKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [B] });
  const as = (key) => (method, path, body) => http(sandbox.url, method, path, { apiKey: key }, body);
  const methods = ['CREDIT_CARD', 'PIX', 'BOLETO'].map((type) => ({ type, active: true, installments: [{ installment: 1 }] }));
  const product = (companyId) => ({ companyId, product: { price: 19.9, title: 'Plano', warranty: 0 }, charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 3, invoiceIdentification: 'X', paymentMethod: methods } });
  const client = (companyId) => ({ companyId, name: 'Cliente Teste', doc: '52998224725', email: 'c@example.com' });
  const aClient = (await as(A_KEY)('POST', '/v1/client', client(A))).body;
  const aProduct = (await as(A_KEY)('POST', '/v1/product', product(A))).body;
  await as(bKey)('POST', '/v1/client', client(B));
  const kinds = [
    { name: 'other company read', method: 'GET', path: `/v1/client?companyId=${B}`, headers: { apiKey: bKey } },
    { name: 'other company write', method: 'POST', path: '/v1/product', headers: { apiKey: bKey }, body: product(B) },
    { name: 'same company read', method: 'GET', path: `/v1/client?companyId=${A}`, headers: { apiKey: A_KEY } },
    { name: 'no database', method: 'GET', path: '/v1/no-such-route', headers: {} },
  ];
  return { aClient, aProduct, kinds };
}

async function untilBatchDone(sandbox, batchId) {
  for (;;) {
    const [row] = await sandbox.db.query('SELECT status FROM batches WHERE id = $1', [batchId]);
    if (row?.status === 'done') return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobs = {
  async batch(sandbox, { aClient, aProduct }) {
    // Due in two days (the company's clock is today's), so the clock job's 30 days bill them: each
    // charge goes OVERDUE, and so does its subscription. Due in 2030, the advance moved nothing.
    const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const list = Array.from({ length: ITEMS }, () => ({ productId: aProduct._id, clientId: aClient._id, dueDate, paymentMethod: 'BOLETO' }));
    const queued = await http(sandbox.url, 'POST', '/v1/subscription/list', { apiKey: A_KEY }, { companyId: A, list });
    if (queued.status !== 200) throw new Error(`batch refused: ${JSON.stringify(queued.body)}`);
    await untilBatchDone(sandbox, queued.body.batchId);
    return `${ITEMS} items`;
  },
  async export(sandbox) {
    await sandbox.db.query(`INSERT INTO alerts (id, company_id, status, created_at, updated_at, type, data)
      SELECT 'bench' || lpad(g::text, 19, '0'), '${A}', 'CREATED', timestamptz '2030-01-01' + g * interval '1 millisecond', timestamptz '2030-01-01', 'NETWORK_B',
        jsonb_build_object('_id', 'bench' || lpad(g::text, 19, '0'), 'companyId', '${A}', 'status', 'CREATED', 'type', 'NETWORK_B',
          'payment', jsonb_build_object('paymentMethod', 'CREDIT_CARD', 'last4', '1976'), 'info', jsonb_build_object('reason', 'dispute notice', 'network', 'NETWORK_B'),
          'values', jsonb_build_object('amount', g, 'currency', 'BRL'), 'createdAt', '2030-01-01T00:00:00.000Z', 'updatedAt', '2030-01-01T00:00:00.000Z')
      FROM generate_series(1, ${ALERTS}) AS g ON CONFLICT DO NOTHING`);
    return { before: true, run: async () => `${((await http(sandbox.url, 'GET', '/v1/alert/exports?type=NETWORK_B', { apiKey: A_KEY })).bytes / 1e6).toFixed(1)} MB` };
  },
  /** As before issue 38's set-wise writes: each item read and written on its own (the ratio's other side). */
  async 'batch-each'(sandbox, setup) {
    batchWriting.setWise = false;
    try { return await jobs.batch(sandbox, setup); } finally { batchWriting.setWise = true; }
  },
  /** The clock one subscription at a time on days with work (session 27). */
  async 'clock-each'(sandbox) {
    clockStepping.setWise = false;
    try { return await jobs.clock(sandbox); } finally { clockStepping.setWise = true; }
  },
  async clock(sandbox) {
    const answer = await http(sandbox.url, 'POST', '/sandbox/v1/clock/advance', { apiKey: A_KEY }, { companyId: A, days: 30 });
    if (answer.status !== 200) throw new Error(`advance refused: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    if (!answer.body.moves?.length) throw new Error('the clock moved nothing: run the batch job before it (BENCH_JOBS=batch,clock)');
    return `+30 days, ${answer.body.moves.length} moves`;
  },
  async forecast(sandbox) {
    const daily = await http(sandbox.url, 'POST', '/v1/product', { apiKey: A_KEY }, { companyId: A, product: { price: 9.9, title: 'Diário', warranty: 0 },
      charge: { frequencyDays: 1, deniedIntervalDays: 1, maxDeniedAttempts: 1, invoiceIdentification: 'X', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1 }] }] } });
    const sub = await http(sandbox.url, 'POST', '/v1/subscription', { apiKey: A_KEY }, { companyId: A, product: { id: daily.body._id }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE });
    if (sub.status !== 200) throw new Error(`subscription refused: ${sub.status} ${JSON.stringify(sub.body).slice(0, 200)}`);
    return { before: true, run: async () => {
      const answer = await http(sandbox.url, 'GET', `/sandbox/v1/subscription/forecast?subscriptionId=${sub.body._id}&days=366`, { apiKey: A_KEY });
      if (answer.status !== 200) return `answered ${answer.status} ${answer.body?.code ?? ''}`;
      return `366 days, ${answer.body.moves.length} moves`;
    } };
  },
};

/** One job beside the stream: the job's time and the stream's rows. */
async function beside(sandbox, kinds, job) {
  const stream = new Worker(new URL('./steady-stream.mjs', import.meta.url), { workerData: { url: sandbox.url, kinds, everyMs: EVERY_MS } });
  await new Promise((r) => setTimeout(r, 500)); // the stream settles before the job starts
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const what = await job();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu0); // the sandbox's CPU (it runs in this process), which load moves less than the wall time
  await new Promise((r) => setTimeout(r, 200));
  stream.postMessage('stop');
  const rows = await new Promise((r) => stream.once('message', r));
  await stream.terminate();
  return { ms, what: `${what}, ${((user + system) / 1e6).toFixed(1)} s CPU`, rows };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const results = [];
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-tenants-'));
const postgres = await startPostgres();
try {
  for (const [storage, options] of [['PGlite', { dataDir }], ['PostgreSQL', { databaseUrl: postgres.url }]].filter(([name]) => STORAGES.includes(name.toLowerCase()))) {
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const sandbox = await startSandbox({ decryptor, ...options });
    const trace = TRACE ? traceDatabase(sandbox.db, sandbox.app.server) : undefined;
    try {
      const setup = await setUp(sandbox);
      for (const name of JOBS) {
        console.log(`${storage}: ${name} beside the stream...`);
        let job = () => jobs[name](sandbox, setup);
        if (name === 'export' || name === 'forecast') { const prepared = await jobs[name](sandbox); job = prepared.run; }
        const { ms, what, rows } = await beside(sandbox, setup.kinds, job);
        results.push({ storage, job: name, what, ms, rows });
        trace?.explain(`${storage} ${name}`, rows);
      }
    } finally {
      trace?.stop();
      await sandbox.close();
    }
  }
} finally {
  postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nThe stream: one request every ${EVERY_MS} ms, timed from when it was due; "not answered" counts resets, 408s and 5xx.`);
console.log('storage    | job        | job time | what                            | stream kind          |   n |  p50 ms |  p99 ms |  max ms | not answered');
for (const r of results) {
  const byKind = Map.groupBy ? Map.groupBy(r.rows, (row) => row.kind) : r.rows.reduce((m, row) => m.set(row.kind, [...(m.get(row.kind) ?? []), row]), new Map());
  for (const [kind, rows] of [['(all)', r.rows], ...byKind]) {
    const ms = rows.map((row) => row.ms).sort((a, b) => a - b);
    const bad = rows.filter((row) => typeof row.status !== 'number' || row.status === 408 || row.status >= 500);
    const badText = bad.length ? `${bad.length} (${[...new Set(bad.map((row) => row.status))].join(', ')})` : '0';
    console.log(`${r.storage.padEnd(10)} | ${r.job.padEnd(10)} | ${(r.ms / 1000).toFixed(2).padStart(6)} s | ${String(r.what).padEnd(31)} | ${kind.padEnd(20)} | ${String(rows.length).padStart(3)} | ${pct(ms, 50).toFixed(1).padStart(7)} | ${pct(ms, 99).toFixed(1).padStart(7)} | ${(ms.at(-1) ?? 0).toFixed(1).padStart(7)} | ${badText}`);
  }
}
