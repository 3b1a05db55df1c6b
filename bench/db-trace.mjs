// Where a request waits during a heavy job (bench/tenants.mjs with BENCH_TRACE=1): the sandbox's
// database wrapped so each transaction's hold (from its work's start to its end, with its
// statements) and each query outside one is timed, the event loop's stalls (a 5 ms timer that
// came late) and GC pauses recorded, all on one clock (epoch ms). `explain(rows)` prints the
// longest of each and, for the stream's slowest requests, what overlapped them.
import { PerformanceObserver } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();
const STALL_MS = 30;
const pct = (values, p) => { const sorted = [...values].sort((a, b) => a - b); return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(0); };

export function traceDatabase(db, server) {
  const events = []; // { kind, at, ms, note }
  let requests = 0; // in the server, from its headers read to its answer's end
  server.on('request', (req, res) => {
    const at = now();
    const due = Number(req.headers['x-bench-due']);
    requests++;
    res.on('close', () => { requests--; events.push({ kind: 'request', at, ms: now() - at, due, note: `${req.method} ${req.url.slice(0, 40)}` }); });
  });
  const { transaction, query } = db;
  let queued = 0;
  db.transaction = (work) => {
    const asked = now();
    queued++;
    return transaction.call(db, async (tx) => {
      queued--;
      const at = now();
      const cpu0 = process.cpuUsage();
      const during = requests;
      let statements = 0;
      let lastEnd = at;
      const steps = [];
      const counted = { ...tx, query: async (sql, params) => {
        statements++;
        const started = now();
        try { return await tx.query(sql, params); } finally { lastEnd = now(); steps.push(`    ${(started - at).toFixed(0).padStart(5)} ms: ${(lastEnd - started).toFixed(1).padStart(6)} ms ${sql.replace(/\s+/g, ' ').slice(0, 70)}`); }
      } };
      try {
        return await work(counted);
      } finally {
        const cpu = process.cpuUsage(cpu0);
        events.push({ kind: 'transaction', at, ms: now() - at, cpuMs: (cpu.user + cpu.system) / 1000, note: `${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ${statements} statements, waited ${(at - asked).toFixed(0)} ms for its turn, ${queued} others queued, began with ${during} requests in the server`, steps });
      }
    });
  };
  db.query = (sql, params) => {
    const at = now();
    const cpu0 = process.cpuUsage();
    return query.call(db, sql, params).finally(() => {
      const cpu = process.cpuUsage(cpu0);
      events.push({ kind: 'query', at, ms: now() - at, note: `${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU ${sql.replace(/\s+/g, ' ').slice(0, 60)}` });
    });
  };
  let last = now();
  let lastCpu = process.cpuUsage();
  const ticks = setInterval(() => {
    const t = now();
    const cpu = process.cpuUsage(lastCpu);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (t - last > STALL_MS + 5) events.push({ kind: 'loop stall', at: last + 5, ms: t - last - 5, cpuMs, note: `${cpuMs.toFixed(0)} ms CPU (the process's)` });
    last = t;
    lastCpu = process.cpuUsage();
  }, 5);
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) events.push({ kind: 'gc', at: performance.timeOrigin + entry.startTime, ms: entry.duration, note: String(entry.detail?.kind ?? '') });
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    /** Prints the job's longest holds, stalls and GC, and what overlapped the stream's slowest requests; starts afresh. */
    explain(label, rows) {
      const taken = events.splice(0);
      const line = (e, from) => `  ${e.kind.padEnd(11)} +${(e.at - from).toFixed(0).padStart(6)} ms  ${e.ms.toFixed(1).padStart(8)} ms  ${e.note}`;
      const from = Math.min(...rows.map((r) => r.at), ...taken.map((e) => e.at));
      console.log(`\n[trace] ${label}: ${taken.filter((e) => e.kind === 'transaction').length} transactions, ${taken.filter((e) => e.kind === 'query').length} queries outside one`);
      for (const kind of ['transaction', 'query', 'request', 'loop stall', 'gc']) {
        const longest = taken.filter((e) => e.kind === kind).sort((a, b) => b.ms - a.ms).slice(0, 5);
        if (longest.length) console.log(`[trace] longest ${kind}s:\n${longest.map((e) => line(e, from)).join('\n')}`);
        if (kind === 'transaction' && longest[0]) console.log(`[trace] the longest's statements (start from its work's start, time):\n${longest[0].steps.join('\n')}`);
      }
      const served = taken.filter((e) => e.kind === 'request' && e.due);
      const sum = (list) => list.reduce((a, b) => a + b, 0);
      const stalls = taken.filter((e) => e.kind === 'loop stall');
      const stallCpu = stalls.map((e) => e.cpuMs);
      console.log(`[trace] loop stalls by the process's CPU in them: p50 ${pct(stallCpu, 50)} ms, p90 ${pct(stallCpu, 90)}, max ${pct(stallCpu, 100)}`);
      console.log(`[trace] the stream's requests: from due to read by the server p50 ${pct(served.map((e) => e.at - e.due), 50)} ms, max ${pct(served.map((e) => e.at - e.due), 100)}; in the server p50 ${pct(served.map((e) => e.ms), 50)} ms, max ${pct(served.map((e) => e.ms), 100)}; loop stalls ${stalls.length}, ${sum(stalls.map((e) => e.ms)).toFixed(0)} ms in all; transactions ${sum(taken.filter((e) => e.kind === 'transaction').map((e) => e.ms)).toFixed(0)} ms in all`);
      const txs = taken.filter((e) => e.kind === 'transaction');
      if (process.env.BENCH_TRACE_ALL) console.log(txs.map((e) => `${e.ms.toFixed(0)}/${e.cpuMs.toFixed(0)}`).join(' '));
      for (const slow of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
        const end = slow.at + slow.ms;
        const overlapping = taken.filter((e) => e.at < end && e.at + e.ms > slow.at && e.ms > 5 && e.kind !== 'query' && e.kind !== 'request');
        console.log(`[trace] a ${slow.kind} due at +${(slow.at - from).toFixed(0)} ms took ${slow.ms.toFixed(0)} ms; meanwhile (over 5 ms):\n${overlapping.slice(0, 12).map((e) => line(e, from)).join('\n')}`);
      }
    },
    stop() { clearInterval(ticks); gc.disconnect(); db.transaction = transaction; db.query = query; },
  };
}
