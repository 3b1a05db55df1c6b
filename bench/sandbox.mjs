// Sandbox benchmark (issue 13): on PGlite (a data folder) and on PostgreSQL
// (Debian's, started here), side by side:
//   GET /v1/alert/exports of 100,000 alerts: time and the process's peak RSS
//     above its level before the export (the server runs in this process).
// POST /v1/transaction's figures, PGlite's included, are bench/scale.mjs's (one
// source, each sandbox a process of its own, bench/post-rate.mjs's rate).
// Numbers only; nothing fails because a machine is slow.
// Run: npm run build && node bench/sandbox.mjs   (or through bench/run.mjs)
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readSharedKey } from '../test-support/shared-vectors.mjs';

const root = resolve(import.meta.dirname, '..');
const { createDecryptor } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);
const { startSandbox } = await tsImport('../packages/sandbox/server.ts', import.meta.url);
const { startPostgres } = await tsImport('../test-support/postgres-server.ts', import.meta.url);

const ALERTS = 100_000;
const API_KEY = 'sbx_demo.sandbox-secret-not-for-production';

async function alertExport(sandbox) {
  await sandbox.db.query(`INSERT INTO alerts (id, company_id, status, created_at, updated_at, type, data)
    SELECT 'bench' || lpad(g::text, 19, '0'), 'company_demo', 'CREATED', timestamptz '2030-01-01' + g * interval '1 millisecond', timestamptz '2030-01-01', 'NETWORK_B',
      jsonb_build_object('_id', 'bench' || lpad(g::text, 19, '0'), 'companyId', 'company_demo', 'status', 'CREATED', 'type', 'NETWORK_B',
        'payment', jsonb_build_object('paymentMethod', 'CREDIT_CARD', 'last4', '1976'), 'info', jsonb_build_object('reason', 'dispute notice', 'network', 'NETWORK_B'),
        'values', jsonb_build_object('amount', g, 'currency', 'BRL'), 'createdAt', '2030-01-01T00:00:00.000Z', 'updatedAt', '2030-01-01T00:00:00.000Z')
    FROM generate_series(1, ${ALERTS}) AS g ON CONFLICT DO NOTHING`);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const started = performance.now();
  const { items, bytes } = await new Promise((done, fail) => {
    const req = request(`${sandbox.url}/v1/alert/exports?type=NETWORK_B`, { headers: { apiKey: API_KEY } }, (res) => {
      let count = 0;
      let size = 0;
      let tail = '';
      res.on('data', (chunk) => {
        // The tail is one character shorter than the marker: a marker is never counted twice.
        const text = tail + chunk.toString('latin1');
        count += text.split('{"_id":').length - 1;
        tail = text.slice(-6);
        size += chunk.length;
      });
      res.on('end', () => done({ items: count, bytes: size }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
  clearInterval(sampler);
  return { items, ms: Math.round(performance.now() - started), mb: (bytes / 1e6).toFixed(1), peakMb: ((peak - before) / 1e6).toFixed(1) };
}

const rows = [];
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-pglite-'));
const postgres = await startPostgres();
try {
  for (const [name, storage] of [['PGlite', { dataDir }], ['PostgreSQL', { databaseUrl: postgres.url }]]) {
    // startSandbox takes a decryptor; no payment is made here.
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const sandbox = await startSandbox({ decryptor, ...storage });
    try {
      console.log(`${name}: GET /v1/alert/exports of ${ALERTS}...`);
      const exp = await alertExport(sandbox);
      rows.push({ name, ...exp });
    } finally {
      await sandbox.close();
    }
  }
} finally {
  postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nstorage     | alert export: items   ms     MB  peak RSS +MB');
for (const r of rows)
  console.log(`${r.name.padEnd(11)} | ${String(r.items).padStart(19)} ${String(r.ms).padStart(6)} ${r.mb.padStart(6)} ${r.peakMb.padStart(13)}`);
const [a, b] = rows;
if (a && b) console.log(`PostgreSQL / PGlite: ${(b.ms / a.ms).toFixed(2)}x export time`);
