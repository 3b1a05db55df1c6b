// A flood of valid tokens against the default memory replay store (issue 14): what it costs to
// fill it (1,000,000 ids), what a refusal costs once it is full, and what the first calls
// cost when the whole flood expires at once. Numbers, never a failure. Run after the build.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const { createMemoryReplayStore } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);
const N = Number(process.env.FLOOD_IDS ?? 1_000_000);
const TTL = 721; // what createDecryptor asks for by default

/** Runs `count` calls: total ms, the slowest call in ms, calls over 10 ms (GC, Map resizing), how many threw. */
function timed(count, call) {
  let slowest = 0;
  let threw = 0;
  let over10 = 0;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    try {
      call(i);
    } catch {
      threw++;
    }
    const took = performance.now() - t;
    slowest = Math.max(slowest, took);
    if (took > 10) over10++;
  }
  return { ms: performance.now() - start, slowest, threw, over10 };
}

let now = 0;
const store = createMemoryReplayStore({ maxEntries: N, now: () => now });
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const id = (prefix, i) => `${prefix}${String(i).padStart(22 - prefix.length, '0')}`; // 22 characters, like a jti
const fill = timed(N, (i) => store.recordOnce(id('f', i), TTL));
globalThis.gc?.();
const bytesPerId = (process.memoryUsage().heapUsed - heapBefore) / N;
const refusals = timed(100_000, (i) => store.recordOnce(id('r', i), TTL));
now = TTL * 1000; // the whole flood expires in the same millisecond
const first = timed(1, () => store.recordOnce(id('h', 0), TTL));
let calls = 1;
const drain = timed(N, () => {
  if (store.size > calls) store.recordOnce(id('h', calls++), TTL);
});

const us = (ms, n) => `${((ms * 1000) / n).toFixed(2)} µs`;
console.log(`memory replay store, flood of ${N.toLocaleString('en')} ids (ttl ${TTL} s)`);
console.log(`  fill: ${us(fill.ms, N)} per id, slowest call ${fill.slowest.toFixed(2)} ms (${fill.over10} over 10 ms), ~${Math.round(bytesPerId)} bytes per id${globalThis.gc ? '' : ' (run with --expose-gc for a steadier figure)'}`);
console.log(`  full: ${refusals.threw.toLocaleString('en')} of 100,000 new ids refused (REPLAY_STORE_UNAVAILABLE), ${us(refusals.ms, 100_000)} per refusal, slowest ${refusals.slowest.toFixed(3)} ms (${refusals.over10} over 10 ms)`);
console.log(`  whole flood expires at once: first call ${first.slowest.toFixed(3)} ms (accepted), the ${calls.toLocaleString('en')} honest calls that drained it: slowest ${drain.slowest.toFixed(3)} ms (${drain.over10} over 10 ms)`);
console.log(JSON.stringify({ replayFlood: { ids: N, fillUsPerId: (fill.ms * 1000) / N, bytesPerId, refusalUs: (refusals.ms * 1000) / 100_000, refusalSlowestMs: refusals.slowest, expiryFirstCallMs: first.slowest, drainCalls: calls, drainSlowestMs: drain.slowest } }));
