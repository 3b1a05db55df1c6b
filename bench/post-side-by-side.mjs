// POST /v1/transaction's CPU per payment, this tree's sandbox against another checkout's
// (COMPARE_WITH), side by side: one sandbox process each on one PostgreSQL (Debian's, started
// here), both warmed by WARM payments, then both measured at the same time, 5 connections each
// (bench/post-rate.mjs), so a shared machine's load falls on the two alike; ROUNDS times, fresh
// processes each round. Figures per payment from /proc: the process's CPU time (its RSA workers
// included) and its main thread's (the event loop: HTTP, Fastify, the payment, node-postgres).
// bench/scale.mjs's COMPARE_WITH runs the trees in turns instead, where load drifting between
// turns moved a turn's rate 2x (session 36). Also PostgreSQL's CPU per payment for each sandbox: its
// connections' server processes (by application_name) from /proc, those alive at both ends of the
// measured run (a connection opened or closed meanwhile is missed: pg's pool keeps them 10 s idle).
// COMPARE_ENV='NAME=value ...' sets variables in the COMPARE_WITH tree's process only (an A/B of a setting: COMPARE_WITH=.).
// Run: npm run build && COMPARE_WITH=<checkout with node_modules> node bench/post-side-by-side.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readSharedKey } from '../test-support/shared-vectors.mjs';
import { postRate } from './post-rate.mjs';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const other = process.env.COMPARE_WITH;
if (!other) throw new Error('COMPARE_WITH=<another checkout> is required');
const { encryptCard } = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { startPostgres } = await tsImport('../test-support/postgres-server.ts', import.meta.url);
const WARM = Number(process.env.WARM ?? 3_000);
const N = Number(process.env.N ?? 1_500);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const headers = { apiKey: 'sbx_demo.sandbox-secret-not-for-production', 'content-type': 'application/json' };
const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: String(new Date().getUTCFullYear() + 3), securityCode: '123' };
const publicKey = readSharedKey('rsa-2048-public.pem');

async function bodies(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(JSON.stringify({ companyId: 'company_demo', amount: 1000 + i, token: (await encryptCard({ ...card, publicKey })).encryptedCard }));
  return out;
}
const fields = (path) => readFileSync(path, 'utf8').split(') ')[1].split(' ');
/** User + system CPU ticks (10 ms) of a process, or of its main thread alone. */
const ticks = (pid, mainOnly = false) => { const f = fields(mainOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`); return Number(f[11]) + Number(f[12]); };
const ticksOr = (pid) => { try { return ticks(pid); } catch { return undefined; } };
/** CPU ticks of the PostgreSQL server processes serving `name`'s connections, by pid. */
async function serverTicks(name) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [name]);
    return new Map(rows.map(({ pid }) => [pid, ticksOr(pid)]).filter(([, t]) => t !== undefined));
  } finally {
    await client.end();
  }
}
const serverDelta = (before, after) => { let sum = 0; for (const [pid, t] of after) if (before.has(pid)) sum += t - before.get(pid); return sum; };

const compareEnv = Object.fromEntries((process.env.COMPARE_ENV ?? '').split(' ').filter(Boolean).map((pair) => pair.split('=')));
async function start(tree, databaseUrl, extraEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test-support/sandbox-process.ts'], { cwd: tree, env: { ...process.env, ...extraEnv, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout })) if (line.startsWith('{')) return { child, url: JSON.parse(line).url };
  throw new Error(`the sandbox process of ${tree} ended before it listened`);
}

const trees = { other, this: root };
const sums = { other: { cpu: 0, main: 0, pg: 0, n: 0 }, this: { cpu: 0, main: 0, pg: 0, n: 0 } };
const ratios = [];
const postgres = await startPostgres();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const procs = {};
    for (const [name, tree] of Object.entries(trees)) procs[name] = await start(tree, `${postgres.url}?application_name=${name}`, name === 'other' ? compareEnv : {});
    try {
      const run = async (count) => {
        const given = {};
        for (const name of Object.keys(trees)) given[name] = await bodies(count);
        const servers = Object.fromEntries(await Promise.all(Object.keys(trees).map(async (name) => [name, await serverTicks(name)])));
        const before = Object.fromEntries(Object.entries(procs).map(([name, p]) => [name, [ticks(p.child.pid), ticks(p.child.pid, true)]]));
        const results = await Promise.all(Object.keys(trees).map((name) => postRate([{ url: procs[name].url, connections: 5, bodies: given[name] }], { path: '/v1/transaction', headers })));
        const after = Object.fromEntries(Object.entries(procs).map(([name, p]) => [name, [ticks(p.child.pid), ticks(p.child.pid, true)]]));
        const serversAfter = Object.fromEntries(await Promise.all(Object.keys(trees).map(async (name) => [name, await serverTicks(name)])));
        return Object.fromEntries(Object.keys(trees).map((name, i) => {
          const r = results[i];
          return [name, { ...r, cpu: ((after[name][0] - before[name][0]) * 10) / r.requests, main: ((after[name][1] - before[name][1]) * 10) / r.requests, pg: (serverDelta(servers[name], serversAfter[name]) * 10) / r.requests }];
        }));
      };
      await run(WARM);
      const measured = await run(N);
      for (const [name, r] of Object.entries(measured)) {
        sums[name].cpu += r.cpu * r.requests; sums[name].main += r.main * r.requests; sums[name].pg += r.pg * r.requests; sums[name].n += r.requests;
        if (r.non2xx || r.errors) console.log(`  ${name}: non-2xx ${r.non2xx}, errors ${r.errors}`);
      }
      ratios.push(measured.this.main / measured.other.main);
      const show = (r) => `${r.rps} req/s, p99 ${r.p99} ms, CPU ${r.cpu.toFixed(3)} ms (main thread ${r.main.toFixed(3)}), PostgreSQL ${r.pg.toFixed(3)} ms`;
      console.log(`round ${round}: COMPARE_WITH ${show(measured.other)}; this tree ${show(measured.this)}; main thread this/other ${ratios.at(-1).toFixed(3)}`);
    } finally {
      for (const p of Object.values(procs)) p.child.kill('SIGTERM');
    }
  }
} finally {
  postgres.stop();
}
const per = (name, f) => sums[name][f] / sums[name].n;
console.log(`\nCPU per payment, ${ROUNDS} rounds of ${N}: COMPARE_WITH (${other}) ${per('other', 'cpu').toFixed(3)} ms, main thread ${per('other', 'main').toFixed(3)} ms, PostgreSQL ${per('other', 'pg').toFixed(3)} ms; this tree ${per('this', 'cpu').toFixed(3)} ms, main thread ${per('this', 'main').toFixed(3)} ms, PostgreSQL ${per('this', 'pg').toFixed(3)} ms`);
const sorted = [...ratios].sort((a, b) => a - b);
console.log(`this / COMPARE_WITH: process ${(per('this', 'cpu') / per('other', 'cpu')).toFixed(3)}x, PostgreSQL ${(per('this', 'pg') / per('other', 'pg')).toFixed(3)}x, process and PostgreSQL ${((per('this', 'cpu') + per('this', 'pg')) / (per('other', 'cpu') + per('other', 'pg'))).toFixed(3)}x, main thread ${(per('this', 'main') / per('other', 'main')).toFixed(3)}x (rounds' median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}x, range ${sorted[0].toFixed(3)}-${sorted.at(-1).toFixed(3)}x)`);
