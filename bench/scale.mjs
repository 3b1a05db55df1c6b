// Scale figures (issue 25), each measured in this one run, on PostgreSQL
// (Debian's, started here) unless said:
//   POST /v1/transaction with fresh tokens, 10 connections in all (autocannon): one
//     sandbox process on PGlite, one on PostgreSQL, two on one PostgreSQL (5 connections
//     each, at once), each a process of its own (test-support/sandbox-process.ts), against
//     the bare decryptor alone, 10 at a time (decrypting is the floor): req/s over the
//     requests' own time (bench/post-rate.mjs) and p99, and each as a ratio to the floor;
//     every process, and the decryptor, first warmed by WARM requests not counted (3,000
//     unless WARM=N says; whatever SCALE is): a fresh process's payments cost it less CPU
//     each for its first few thousand, V8 still compiling its code (session 36, 1,000 at a
//     time after 400: 1.95, 1.53, 1.18, 1.08 ms of the sandbox's CPU each), and
//     SCALE=0.5's former 100 left the 500 measured ones mostly in that climb; the WARM
//     requests go in WARM_RUNS runs (5 unless said), each with its own connections, since a
//     process is slower for the whole run after its connections first close: V8 drops its
//     optimized code of Node's HTTP and stream functions then ("wrong map", --trace-deopt)
//     and compiles it again over the next runs (session 40, one process on PostgreSQL: the
//     2,000 measured after one run of 3,000 at 1,373-1,414 req/s, after five runs of 1,000 at
//     1,536-1,559, the runs after those 1,600-1,750), as a server in service has long done
//   GET /v1/transaction of 1,000,000 transactions (limit 100, the maximum): page 1,
//     page 5,000 (rows 499,901-500,000) by next_cursor (keyset) and by page=5000
//     (OFFSET over the index), and a filter by clientId, p50/p99 (after VACUUM
//     ANALYZE, as autovacuum would have run on a table loaded this way)
//   GET /v1/alert/exports of 100,000 alerts: time to first byte, total time,
//     peak RSS above idle (the server runs in this process)
//   POST /sandbox/v1/clock/advance 30 days over 10,000 subscriptions of 1,000 clients
//     (PIX, each renewed once in the 30 days: a charge, then OVERDUE), the clock
//     passing over days with nothing due (billing/next-due.ts) and, for the ratio,
//     stepping every day as it did before (issue 38), each day's moves written
//     set-wise (a chunk's records and events in a few statements) and, for the
//     ratio, one subscription at a time (session 27); and on PGlite (in memory,
//     this process) 365 days and 30 days over 1,000 subscriptions, the same ways
//     (CLOCK_DAILY_365=1 adds 365 days stepping every day: about 15 minutes)
// Numbers only; nothing fails because a machine is slow. SCALE=0.1 for a quick run;
// SUBSCRIPTIONS=N for the clock's count on PostgreSQL (PGLITE_SUBSCRIPTIONS=N on PGlite); FIGURES=lists,clock (any of posts, lists,
// export, clock, compare) for some figures only; COMPARE_WITH=<another checkout> adds POST /v1/transaction's rate and CPU
// time against that checkout's sandbox, in turns (FIGURES=compare: those alone, with the statements of one POST); CLOCK_ON=pglite|postgres, CLOCK_SET_WISE_ONLY=1 and STATEMENT_TIMES=1 (each
// statement kind's CPU time) to profile the clock; on PostgreSQL PG_LOG=1 (the server's duration of each statement kind,
// parse / bind / execute apart), PG_LOG=explain (auto_explain's plans of those over 20 ms too; PG_LOG_COPY=<file> keeps the
// log), MARK_TIMES=1 (the advance's start and end on CLOCK_MONOTONIC, for `perf report --time`), CLOCK_CHUNKS=50,200 and
// CLOCK_ROUNDS=n (the month once per chunk size, in turns: an A/B in one sitting).
// Run: npm run build && node --expose-gc bench/scale.mjs   (or through bench/run.mjs)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readSharedKey } from '../test-support/shared-vectors.mjs';
import { postRate } from './post-rate.mjs';

const root = resolve(import.meta.dirname, '..');
const { encryptCard } = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { createDecryptor } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);
const { startSandbox, clockStepping, createCredential, ALL_PERMISSIONS } = await tsImport('./clock-sandbox.ts', import.meta.url);
const { startPostgres } = await tsImport('../test-support/postgres-server.ts', import.meta.url);

const SCALE = Number(process.env.SCALE ?? 1);
const REQUESTS = Math.round(1_000 * Math.max(SCALE, 0.2));
const WARM = Number(process.env.WARM ?? 3_000);
const WARM_RUNS = Math.max(1, Number(process.env.WARM_RUNS ?? 5));
const TRANSACTIONS = Math.round(1_000_000 * SCALE);
const LIMIT = 100; // the lists' maximum
const ALERTS = Math.round(100_000 * SCALE);
const SUBSCRIPTIONS = Number(process.env.SUBSCRIPTIONS ?? Math.round(10_000 * SCALE));
const PGLITE_SUBSCRIPTIONS = Number(process.env.PGLITE_SUBSCRIPTIONS ?? Math.round(1_000 * SCALE));
const FIGURES = new Set((process.env.FIGURES ?? 'posts,lists,export,clock').split(','));
const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';
const COMPANY = 'company_demo';
const headers = { apiKey: API_KEY, 'content-type': 'application/json' };
const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: String(new Date().getUTCFullYear() + 3), securityCode: '123' };
const publicKey = readSharedKey('rsa-2048-public.pem');
const quantile = (values, q) => { const s = [...values].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };
const decryptor = () => createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
const figures = [];
const record = (name, value) => { figures.push([name, value]); console.log(`${name}: ${value}`); };

async function tokens(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push((await encryptCard({ ...card, publicKey })).encryptedCard);
  return out;
}

/** The bare decryptor, 10 at a time as autocannon's connections are. */
async function decryptFloor() {
  const d = await decryptor();
  const tenAtATime = async (all, latencies = []) => {
    let next = 0;
    await Promise.all(Array.from({ length: 10 }, async () => {
      while (next < all.length) {
        const t0 = performance.now();
        await d.decrypt(all[next++]);
        latencies.push(performance.now() - t0);
      }
    }));
    return latencies;
  };
  // Warmed as the sandbox processes are: WARM decrypts, in WARM_RUNS runs.
  for (let run = 0; run < WARM_RUNS; run++) await tenAtATime(await tokens(Math.round(WARM / WARM_RUNS)));
  const all = await tokens(REQUESTS);
  const started = performance.now();
  const latencies = await tenAtATime(all);
  await d.close?.();
  return { rps: Math.round(all.length / ((performance.now() - started) / 1000)), p99: quantile(latencies, 0.99).toFixed(1) };
}

/** A sandbox process of its own (`{ DATABASE_URL }` or `{ PGLITE_DIR }`), warmed by WARM payments in WARM_RUNS runs; `tree`: another checkout's sandbox (COMPARE_WITH). */
async function startProcess(storage, tree = root) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test-support/sandbox-process.ts'], { cwd: tree, env: { ...process.env, ...storage }, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout })) {
    if (!line.startsWith('{')) continue;
    const { url } = JSON.parse(line);
    for (let run = 0; run < WARM_RUNS; run++) await posts([url], Math.round(WARM / WARM_RUNS));
    return { child, url };
  }
  throw new Error('sandbox process ended before it listened');
}

/** REQUESTS POSTs with fresh tokens (made just before), shared out over `urls`, 10 connections in all. */
async function posts(urls, count = REQUESTS) {
  const per = Math.floor(count / urls.length);
  const runs = [];
  for (const url of urls) runs.push({ url, connections: 10 / urls.length, bodies: (await tokens(per)).map((token, i) => JSON.stringify({ companyId: COMPANY, amount: 1000 + i, token })) });
  return postRate(runs, { path: '/v1/transaction', headers });
}

/** The background polls' statements (webhooks/dispatcher.ts, billing/batch-worker.ts, every 200 ms), not a request's. */
const POLLS = [/^SELECT \* FROM \(/, /^SELECT id FROM batches WHERE status IN/];

/** Statements one POST /v1/transaction sends (BEGIN and COMMIT included), on `sandbox` (this process), after one to warm its caches. */
async function statementsPerPost(sandbox) {
  const post = async () => (await fetch(`${sandbox.url}/v1/transaction`, { method: 'POST', headers, body: JSON.stringify({ companyId: COMPANY, amount: 1000, token: (await tokens(1))[0] }) })).text();
  await post();
  const db = sandbox.db;
  const { query, transaction } = db;
  const sent = [];
  const logged = (run) => (sql, params) => { if (!POLLS.some((p) => p.test(sql.trim()))) sent.push(sql.replace(/\s+/g, ' ').trim().slice(0, 60)); return run(sql, params); };
  db.query = logged((sql, params) => query.call(db, sql, params));
  // The db layer sends BEGIN and COMMIT inside transaction(): a round trip each.
  db.transaction = (work) => { sent.push('BEGIN'); return transaction.call(db, (tx) => work({ ...tx, query: logged((sql, params) => tx.query(sql, params)) })).finally(() => sent.push('COMMIT')); };
  try {
    await post();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  record('statements (round trips) per POST /v1/transaction, PostgreSQL, caches warm', `${sent.length}: ${sent.join(' | ')}`);
}

/**
 * COMPARE_WITH=<another checkout> (its node_modules in place): its sandbox against this one's, one
 * PostgreSQL process each on this run's PostgreSQL, in turns (theirs, ours, theirs, ours: drifting
 * load falls on both), the ratios to this run's floor: a before/after in one run.
 */
async function compareWith(tree, postgres, postFigure) {
  const rounds = [];
  for (const [label, dir] of [['COMPARE_WITH', tree], ['this tree', root], ['COMPARE_WITH', tree], ['this tree', root]]) {
    const one = await startProcess({ DATABASE_URL: postgres.url }, dir);
    try {
      const [cpu0, pg0] = [cpuTicks(one.child.pid), postgresTicks(postgres.url)];
      const result = await posts([one.url]);
      // CPU time per answer, the sandbox process's and PostgreSQL's: what a loaded machine moves least.
      result.cpuMs = ((cpuTicks(one.child.pid) - cpu0) * 10) / result.requests;
      result.pgMs = pg0 === undefined ? NaN : ((postgresTicks(postgres.url) - pg0) * 10) / result.requests;
      rounds.push([label, result]);
      postFigure(`POST /v1/transaction, PostgreSQL, 1 process, ${label} (${dir})`, result);
      record('  CPU time per answer', `sandbox ${result.cpuMs.toFixed(2)} ms, PostgreSQL ${result.pgMs.toFixed(2)} ms`);
    } finally {
      one.child.kill('SIGTERM');
    }
  }
  const sum = (label) => rounds.filter(([l]) => l === label).reduce((a, [, r]) => ({ requests: a.requests + r.requests, seconds: a.seconds + r.seconds, cpuMs: a.cpuMs + r.cpuMs * r.requests, pgMs: a.pgMs + r.pgMs * r.requests }), { requests: 0, seconds: 0, cpuMs: 0, pgMs: 0 });
  const [theirs, ours] = [sum('COMPARE_WITH'), sum('this tree')];
  record('POST /v1/transaction, this tree / COMPARE_WITH (PostgreSQL, 1 process, both rounds)',
    `${((ours.requests / ours.seconds) / (theirs.requests / theirs.seconds)).toFixed(2)}x the rate, ${((ours.cpuMs / ours.requests) / (theirs.cpuMs / theirs.requests)).toFixed(2)}x the sandbox's CPU time per answer, ${((ours.pgMs / ours.requests) / (theirs.pgMs / theirs.requests)).toFixed(2)}x PostgreSQL's`);
}

/** A process's /proc/<pid>/stat fields after its name (state first), or undefined once it is gone. */
const statOf = (pid) => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); } catch { return undefined; } };
/** A process's CPU time so far (user + system) in clock ticks of 10 ms (Linux's /proc). */
const cpuTicks = (pid) => { const fields = statOf(pid); return fields ? Number(fields[11]) + Number(fields[12]) : 0; };

/**
 * The CPU time so far of the PostgreSQL server listening on `url`'s port: its postmaster, the
 * children it has reaped (cutime, cstime) and those alive (backends, background workers).
 */
function postgresTicks(url) {
  const port = new URL(url).port;
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const listens = (pid) => { try { const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'); return args.some((arg, i) => arg === '-p' && args[i + 1] === port); } catch { return false; } };
  const postmaster = pids.find(listens);
  if (!postmaster) return undefined;
  const own = statOf(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of pids) { const fields = statOf(pid); if (fields?.[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]); }
  return ticks;
}

/**
 * PG_LOG=1: PostgreSQL logs every statement's duration while the clock runs; at stop, the total per
 * statement kind (its first words, parse / bind / execute apart), the server's own view of where its time goes.
 */
async function logStatements(db) {
  const [{ setting }] = await db.query("SELECT setting FROM pg_settings WHERE name = 'data_directory'");
  const file = join(dirname(setting), 'log');
  const start = readFileSync(file).length;
  await db.query('ALTER SYSTEM SET log_min_duration_statement = 0');
  if (process.env.PG_LOG === 'explain') {
    for (const sql of ["LOAD 'auto_explain'", "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'", "ALTER SYSTEM SET auto_explain.log_min_duration = '20ms'",
      'ALTER SYSTEM SET auto_explain.log_analyze = on', 'ALTER SYSTEM SET auto_explain.log_buffers = on']) await db.query(sql);
  }
  await db.query('SELECT pg_reload_conf()');
  // Profiling only: the pool's idle connections are ended, and open again with auto_explain loaded.
  if (process.env.PG_LOG === 'explain') await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND state = 'idle' AND query NOT ILIKE 'LISTEN%' AND query NOT ILIKE '%advisory%'`);
  return {
    async stop() {
      await db.query('ALTER SYSTEM RESET ALL');
      await db.query('SELECT pg_reload_conf()');
      if (process.env.PG_LOG_COPY) writeFileSync(process.env.PG_LOG_COPY, readFileSync(file, 'utf8').slice(start));
      const sums = new Map();
      for (const line of readFileSync(file, 'utf8').slice(start).split('\n')) {
        const hit = /duration: ([\d.]+) ms\s+(\w+)?[^:]*:\s*(.*)$/.exec(line);
        if (!hit) continue;
        const key = `${hit[2] ?? ''} ${hit[3].replace(/\s+/g, ' ').slice(0, 80)}`;
        const t = sums.get(key) ?? { n: 0, ms: 0 };
        t.n++; t.ms += Number(hit[1]);
        sums.set(key, t);
      }
      for (const [key, { n, ms }] of [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`${ms.toFixed(0).padStart(7)} ms ${String(n).padStart(5)}x ${key}`);
    },
  };
}

let clockCompanies = 0;
/** This process's CPU time since `from` (user + system), in seconds: the sandbox's share (PGlite's too: it runs here), which a loaded machine moves less than the wall time. */
const cpuSeconds = (from) => { const { user, system } = process.cpuUsage(from); return ((user + system) / 1e6).toFixed(1); };

/** Counts the statements `db` runs (in its transactions too) until stop(): a figure load does not move. */
function countStatements(db) {
  const counter = { count: 0 };
  // STATEMENT_TIMES=1: the process's CPU time over each statement too (PGlite runs on this thread), summed by its first words (where the time goes; printed at stop).
  const times = process.env.STATEMENT_TIMES ? new Map() : undefined;
  const timed = (run, args) => {
    counter.count++;
    if (!times) return run(...args);
    const key = String(args[0]).replace(/\s+/g, ' ').trim().slice(0, 90);
    const t0 = process.cpuUsage();
    return Promise.resolve(run(...args)).finally(() => { const t = times.get(key) ?? { n: 0, ms: 0 }; const { user, system } = process.cpuUsage(t0); t.n++; t.ms += (user + system) / 1000; times.set(key, t); });
  };
  const { query, transaction } = db;
  db.query = (...args) => timed((...a) => query.apply(db, a), args);
  db.transaction = (work) => transaction.call(db, (tx) => work({ ...tx, query: (...args) => timed((...a) => tx.query(...a), args) }));
  return {
    get count() { return counter.count; },
    stop() {
      db.query = query; db.transaction = transaction;
      if (times) for (const [key, { n, ms }] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) console.log(`${ms.toFixed(0).padStart(7)} ms CPU ${String(n).padStart(5)}x ${key}`);
    },
  };
}

/**
 * POST /sandbox/v1/clock/advance over `count` subscriptions of a company of its own (1,000 clients,
 * PIX, monthly, first charge 20 days ago), once per [days, stepping]: each on fresh copies.
 */
async function clockFigures(sandbox, label, count, runs) {
  const chunkKey = label === 'PostgreSQL' ? 'postgresChunk' : 'chunk';
  const defaultChunk = clockStepping[chunkKey];
  for (const [days, mode, setWise = true, chunk = defaultChunk] of runs) {
    const companyId = `bench_clock_${clockCompanies++}`;
    const { apiKey } = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [companyId] });
    const as = async (path, body) => {
      const answer = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ companyId, ...body }) });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return answer.json();
    };
    console.log(`${label}: inserting ${count} subscriptions...`);
    const client = await as('/v1/client', { name: 'Bench', doc: '52998224725', email: 'b@example.com' });
    const product = await as('/v1/product', { product: { price: 10, title: 'Plano', warranty: 0 }, charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 2, invoiceIdentification: 'X', paymentMethod: [{ type: 'PIX', active: true, installments: [{ installment: 1 }] }] } });
    const made = await as('/v2/subscription', { productId: product._id, clientId: client._id, dueDate: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10), paymentMethod: 'PIX' });
    const id = made.subscription._id;
    // Copies of the subscription over 1,000 clients (copies of its client).
    await sandbox.db.query(`INSERT INTO clients (id, company_id, status, created_at, updated_at, doc, search, data)
      SELECT c.id || '_' || g, c.company_id, c.status, c.created_at, c.updated_at, c.doc || '_' || g, c.search, c.data || jsonb_build_object('_id', c.id || '_' || g, 'doc', c.doc || '_' || g)
      FROM clients c, generate_series(1, 999) AS g WHERE c.id = $1`, [client._id]);
    await sandbox.db.query(`INSERT INTO subscriptions (id, company_id, status, created_at, updated_at, client_id, product_id, data)
      SELECT s.id || '_' || g, s.company_id, s.status, s.created_at, s.updated_at, CASE WHEN g % 1000 = 0 THEN s.client_id ELSE s.client_id || '_' || (g % 1000) END, s.product_id,
        s.data || jsonb_build_object('_id', s.id || '_' || g, 'clientId', CASE WHEN g % 1000 = 0 THEN s.client_id ELSE s.client_id || '_' || (g % 1000) END)
      FROM subscriptions s, generate_series(2, ${count}) AS g WHERE s.id = $1`, [id]);
    await sandbox.db.query('VACUUM ANALYZE');
    Object.assign(clockStepping, { mode, setWise, [chunkKey]: chunk });
    const serverLog = label === 'PostgreSQL' && process.env.PG_LOG ? await logStatements(sandbox.db) : undefined;
    const statements = countStatements(sandbox.db);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const pg0 = label === 'PostgreSQL' ? postgresTicks(postgres.url) : undefined;
    if (process.env.MARK_TIMES) console.log(`advance from ${Number(process.hrtime.bigint()) / 1e9}`);
    try {
      // node:http, not fetch: fetch gives up on an answer's headers after 300 s.
      const advanced = await new Promise((done, fail) => {
        request(`${sandbox.url}/sandbox/v1/clock/advance`, { method: 'POST', headers: { apiKey, 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk) => { text += chunk; }).on('end', () => done(JSON.parse(text))).on('error', fail);
        }).on('error', fail).end(JSON.stringify({ companyId, days }));
      });
      if (!advanced.moves) console.log(advanced);
      if (process.env.MARK_TIMES) console.log(`advance to ${Number(process.hrtime.bigint()) / 1e9}`);
      const how = (mode === 'due' ? `days with work only, ${setWise ? 'set-wise' : 'one subscription at a time (session 27)'}` : 'every day, one subscription at a time (as before issue 38)')
        + (chunk === defaultChunk ? '' : `, chunks of ${chunk}`);
      record(`POST /sandbox/v1/clock/advance ${days} days over ${count} subscriptions, ${label}, ${how}`,
        `${((performance.now() - t0) / 1000).toFixed(1)} s, ${advanced.moves?.length ?? '?'} moves, ${statements.count.toLocaleString('en')} statements, ${cpuSeconds(cpu0)} s CPU of this process${pg0 === undefined ? '' : `, ${((postgresTicks(postgres.url) - pg0) / 100).toFixed(1)} s of PostgreSQL's`}`);
    } finally {
      statements.stop();
      await serverLog?.stop();
      Object.assign(clockStepping, { mode: 'due', setWise: true, [chunkKey]: defaultChunk });
    }
  }
}

async function timeGets(url, n = 50) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    ms.push(performance.now() - t0);
  }
  return `p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms`;
}

async function exportFigures(sandbox) {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
  const started = performance.now();
  let firstByte;
  const bytes = await new Promise((done, fail) => {
    request(`${sandbox.url}/v1/alert/exports?type=NETWORK_B&sort.direction=asc`, { headers: { apiKey: API_KEY } }, (res) => {
      let size = 0;
      res.on('data', (chunk) => { firstByte ??= performance.now() - started; size += chunk.length; });
      res.on('end', () => done(size)).on('error', fail);
    }).on('error', fail).end();
  });
  clearInterval(sampler);
  return { ttfb: firstByte.toFixed(0), total: (performance.now() - started).toFixed(0), mb: (bytes / 1e6).toFixed(1), peak: ((peak - before) / 1e6).toFixed(1) };
}

const postgres = await startPostgres();
const children = [];
const pgliteDir = mkdtempSync(join(tmpdir(), 'svc-bench-pglite-'));
try {
  let floor;
  if (FIGURES.has('posts') || FIGURES.has('compare')) {
    console.log(`decryptor alone: ${REQUESTS} tokens...`);
    floor = await decryptFloor();
    record('decryptor alone (10 at a time), the floor', `${floor.rps} decrypts/s, p99 ${floor.p99} ms`);
  }
  const postFigure = (name, r) => record(name, `${r.rps} req/s (${(r.rps / floor.rps).toFixed(3)}x the floor), p99 ${r.p99} ms (${(r.p99 / floor.p99).toFixed(1)}x), ${r.requests} answers in ${r.seconds.toFixed(2)} s, non-2xx ${r.non2xx}, errors ${r.errors}`);

  const sandbox = await startSandbox({ decryptor: await decryptor(), databaseUrl: postgres.url });
  try {
    if (FIGURES.has('posts')) {
      const pglite = await startProcess({ PGLITE_DIR: pgliteDir });
      children.push(pglite);
      postFigure('POST /v1/transaction, PGlite, 1 process (10 connections)', await posts([pglite.url]));
      pglite.child.kill('SIGTERM');
      for (let i = 0; i < 2; i++) children.push(await startProcess({ DATABASE_URL: postgres.url }));
      postFigure('POST /v1/transaction, PostgreSQL, 1 process (10 connections)', await posts([children[1].url]));
      postFigure('POST /v1/transaction, PostgreSQL, 2 processes (5 connections each)', await posts([children[1].url, children[2].url]));
      for (const c of children) c.child.kill('SIGTERM');
    }
    if (FIGURES.has('posts') || FIGURES.has('compare')) {
      await statementsPerPost(sandbox);
      if (process.env.COMPARE_WITH) await compareWith(process.env.COMPARE_WITH, postgres, postFigure);
    }
    if (!FIGURES.has('posts')) {
      // One transaction's body for the rows below to copy.
      await fetch(`${sandbox.url}/v1/transaction`, { method: 'POST', headers, body: JSON.stringify({ companyId: COMPANY, amount: 1000, token: (await tokens(1))[0] }) });
    }

    if (FIGURES.has('lists')) {
    console.log(`inserting ${TRANSACTIONS} transactions...`);
    await sandbox.db.query(`INSERT INTO transactions (id, company_id, status, created_at, updated_at, tid, client_id, data)
      SELECT 'bt' || lpad(g::text, 10, '0'), '${COMPANY}', 'PAID', timestamptz '2031-01-01' + g * interval '1 second', timestamptz '2031-01-01' + g * interval '1 second',
        'btid' || g, 'bench_client_' || (g % 1000), (SELECT data FROM transactions ORDER BY created_at DESC LIMIT 1) || jsonb_build_object('_id', 'bt' || lpad(g::text, 10, '0'), 'clientId', 'bench_client_' || (g % 1000))
      FROM generate_series(1, ${TRANSACTIONS}) AS g`);
    await sandbox.db.query('VACUUM ANALYZE transactions');
    const list = `${sandbox.url}/v1/transaction?limit=${LIMIT}&sort.direction=desc&sort.property=createdAt`;
    const deepPage = Math.min(5_000, Math.ceil(TRANSACTIONS / LIMIT));
    record(`GET /v1/transaction page 1 of ${TRANSACTIONS} (limit ${LIMIT})`, await timeGets(`${list}&page=1`));
    // A client at page deepPage - 1 asks the next one with the next_cursor it was given.
    const before = await (await fetch(`${list}&page=${deepPage - 1}`, { headers })).json();
    record(`GET /v1/transaction page ${deepPage} of ${TRANSACTIONS} by next_cursor`, await timeGets(`${list}&cursor=${before.next_cursor}`));
    record(`GET /v1/transaction page=${deepPage} of ${TRANSACTIONS} (OFFSET)`, await timeGets(`${list}&page=${deepPage}`, 20));
    record('GET /v1/transaction?clientId= (1,000 of them), page 1', await timeGets(`${list}&page=1&clientId=bench_client_7`));
    }

    if (FIGURES.has('export')) {
    console.log(`inserting ${ALERTS} alerts...`);
    await sandbox.db.query(`INSERT INTO alerts (id, company_id, status, created_at, updated_at, type, data)
      SELECT 'bench' || lpad(g::text, 19, '0'), '${COMPANY}', 'CREATED', timestamptz '2030-01-01' + g * interval '1 millisecond', timestamptz '2030-01-01', 'NETWORK_B',
        jsonb_build_object('_id', 'bench' || lpad(g::text, 19, '0'), 'companyId', '${COMPANY}', 'status', 'CREATED', 'type', 'NETWORK_B',
          'payment', jsonb_build_object('paymentMethod', 'CREDIT_CARD', 'last4', '1976'), 'info', jsonb_build_object('reason', 'dispute notice', 'network', 'NETWORK_B'),
          'values', jsonb_build_object('amount', g, 'currency', 'BRL'), 'createdAt', '2030-01-01T00:00:00.000Z', 'updatedAt', '2030-01-01T00:00:00.000Z')
      FROM generate_series(1, ${ALERTS}) AS g`);
    const exp = await exportFigures(sandbox);
    record(`GET /v1/alert/exports of ${ALERTS} alerts`, `first byte ${exp.ttfb} ms, total ${exp.total} ms, ${exp.mb} MB, peak RSS +${exp.peak} MB`);
    }

    if (FIGURES.has('clock')) {
      // Set-wise (now), one subscription at a time on days with work (session 27), every day (before issue 38): ratios of one run.
      // CLOCK_SET_WISE_ONLY=1: the set-wise runs alone (profiling); CLOCK_ON=pglite or postgres: one database only.
      const ways = (days) => [[days, 'due', true], ...(process.env.CLOCK_SET_WISE_ONLY ? [] : [[days, 'due', false], ...(days === 30 || process.env.CLOCK_DAILY_365 ? [[days, 'every day', false]] : [])])];
      // CLOCK_CHUNKS=50,200 (with CLOCK_ROUNDS=n): the set-wise month on PostgreSQL once per chunk size, in turns, n rounds (an A/B in one sitting).
      const chunks = process.env.CLOCK_CHUNKS?.split(',').map(Number);
      const rounds = Number(process.env.CLOCK_ROUNDS ?? 1);
      if (process.env.CLOCK_ON !== 'pglite') await clockFigures(sandbox, 'PostgreSQL', SUBSCRIPTIONS, chunks ? Array.from({ length: rounds }, () => chunks.map((chunk) => [30, 'due', true, chunk])).flat() : ways(30));
      if (process.env.CLOCK_ON !== 'postgres') {
        const pglite = await startSandbox({ decryptor: await decryptor(), memory: true });
        try {
          await clockFigures(pglite, 'PGlite', PGLITE_SUBSCRIPTIONS, [...ways(365), ...ways(30)]);
        } finally {
          await pglite.close();
        }
      }
    }
  } finally {
    await sandbox.close();
  }
} finally {
  for (const c of children) c.child.kill('SIGKILL');
  postgres.stop();
  rmSync(pgliteDir, { recursive: true, force: true });
}
console.log('\nfigure | value');
for (const [name, value] of figures) console.log(`${name} | ${value}`);
