// RSA-OAEP unwraps on worker threads, one per core (issue 14). WebCrypto on libuv's thread pool
// cost the event loop about 80 µs of argument handling per decrypt and locked a CryptoKey for a
// whole RSA operation; here the event loop posts [id, handle, bytes] and gets [id, cek] back, and
// each worker runs synchronous node:crypto on its own clone of the KeyObject. libuv's pool is
// left to fs, dns.lookup and zlib. One queue for the process (every decryptor shares the
// workers): first in, first out, at most JOBS_PER_WORKER posted to a worker at once, so a
// worker that finishes one already holds the next while the rest wait here, where they cost
// nothing but memory. Workers are unref'd while idle (they never keep a process alive) and
// ref'd while they hold a job (a pending decrypt does). A worker that stops (crash, terminate)
// fails its jobs with DecryptorUnavailableError; the next job starts a new one.
import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DecryptorUnavailableError } from './errors.js';
import { FifoQueue } from './fifo-queue.js';

/** Worker threads at most: one per core. */
export const RSA_WORKERS = Math.max(1, availableParallelism());
/** Jobs posted to one worker at once: the one it runs and the next. */
export const JOBS_PER_WORKER = 2;
/**
 * Nice steps a worker runs below the thread that started it (Linux keeps a nice value per thread).
 * When the cores are busy, the event loop (which reads the requests, the workers' answers and the
 * database's) is no longer put off each time it wakes a worker; with a core free nothing changes.
 * A worker still gets a quarter of a core shared with a busy thread at the process's own nice (weights 335 and 1,024), so
 * unwraps never starve. Session 40: the sandbox's POST /v1/transaction 1.04-1.06x the rate on 2
 * cores (bench/scale.mjs COMPARE_WITH, three runs), the bare decryptor's rate unchanged.
 */
export const RSA_WORKER_NICE = 5;
// Beside this module, in src/ and in dist/ (vite.config.ts copies it). Not a literal in `new URL`,
// which Vite would inline as a data: URL.
const WORKER_FILE = './rsa-worker.mjs';

interface Job {
  id: number;
  handle: number;
  data: Uint8Array;
  resolve: (cek: Uint8Array | null) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | undefined;
  jobs: Map<number, Job>;
}

const slots: Slot[] = Array.from({ length: RSA_WORKERS }, () => ({ worker: undefined, jobs: new Map() }));
const waiting = new FifoQueue<Job>();
const keys = new Map<number, WeakRef<KeyObject>>();
let nextHandle = 0;
let nextId = 0;

const forgotten = new FinalizationRegistry<number>((handle) => {
  keys.delete(handle);
  for (const slot of slots) slot.worker?.postMessage([handle, null]);
});

function start(slot: Slot): Worker {
  // No flags of the main thread: the worker needs none, and some refuse to run there (a service
  // started with `node --input-type=module -e ...` made every worker exit at once).
  const worker = new Worker(new URL(WORKER_FILE, import.meta.url), { execArgv: [], workerData: { niceSteps: RSA_WORKER_NICE } });
  let failure: unknown;
  worker.on('error', (error) => (failure = error));
  worker.on('message', ([id, cek]: [number, Uint8Array | null]) => {
    const job = slot.jobs.get(id);
    if (!job) return;
    slot.jobs.delete(id);
    if (slot.jobs.size === 0) worker.unref();
    job.resolve(cek);
    dispatch();
  });
  worker.on('exit', (code) => {
    if (slot.worker === worker) slot.worker = undefined;
    const lost = [...slot.jobs.values()];
    slot.jobs.clear();
    const error = new DecryptorUnavailableError(`decrypt: the RSA worker thread stopped (exit code ${code})`, failure === undefined ? undefined : { cause: failure });
    for (const job of lost) job.reject(error);
    dispatch();
  });
  for (const [handle, key] of keys) {
    const live = key.deref();
    if (live) worker.postMessage([handle, live]);
  }
  worker.unref(); // after the listeners: adding a 'message' listener refs the worker again
  return worker;
}

function post(slot: Slot, job: Job): void {
  const worker = (slot.worker ??= start(slot));
  if (slot.jobs.size === 0) worker.ref();
  slot.jobs.set(job.id, job);
  worker.postMessage([job.id, job.handle, job.data]);
}

/** The slot with the fewest jobs, if it can take one more. */
function freeSlot(): Slot | undefined {
  let best: Slot | undefined;
  for (const slot of slots) if (slot.jobs.size < JOBS_PER_WORKER && (!best || slot.jobs.size < best.jobs.size)) best = slot;
  return best;
}

function dispatch(): void {
  for (let slot = freeSlot(); slot && waiting.size > 0; slot = freeSlot()) post(slot, waiting.shift()!);
}

/** Makes `key` known to every worker (now and later); returns its handle for {@link unwrapInWorker}. */
export function registerKey(key: KeyObject): number {
  const handle = nextHandle++;
  keys.set(handle, new WeakRef(key));
  forgotten.register(key, handle); // when no decryptor holds the key any more, the workers drop it
  for (const slot of slots) (slot.worker ??= start(slot)).postMessage([handle, key]);
  return handle;
}

/**
 * RSA-OAEP SHA-256 decrypt of `data` with the key of `handle`, on a worker: the bytes, or null when
 * OAEP failed. Rejects (DecryptorUnavailableError) only when the worker stopped meanwhile.
 */
export function unwrapInWorker(handle: number, data: Uint8Array): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    // A copy of exactly these bytes: a Buffer is often a view into an 8 KiB pool, all of it cloned.
    waiting.push({ id: nextId++, handle, data: new Uint8Array(data), resolve, reject });
    dispatch();
  });
}

/** @internal For tests: the workers running now. */
export function runningWorkers(): Worker[] {
  return slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
}
