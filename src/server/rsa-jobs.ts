// A bound on RSA jobs handed to libuv's thread pool at once (issue 14). The pool (4 threads
// unless UV_THREADPOOL_SIZE says otherwise, read once when it starts) also runs the process's
// fs, dns.lookup, zlib and other crypto work, first come first served: without a bound a flood
// of N tokens queued N RSA jobs ahead of all of it. Now at most one thread fewer than the pool
// runs RSA, and no more jobs than the cores plus one: the one extra keeps every core busy while
// the event loop hands a finished job's turn on. The others wait here, first in, first out, one
// queue for the whole process (every decryptor shares the one pool).
import { availableParallelism } from 'node:os';

/** libuv's pool size as libuv reads it (atoi into an unsigned int): no number or 0 is 1; a negative or more than 1024 is 1024. */
export function threadPoolSize(setting: string | undefined): number {
  if (setting === undefined) return 4;
  const threads = Number.parseInt(setting, 10);
  if (!Number.isFinite(threads) || threads === 0) return 1;
  return threads < 0 ? 1024 : Math.min(threads, 1024);
}

/** RSA jobs in the thread pool at once: the pool's size less one (never less than one), and no more than the cores plus one. */
export const RSA_JOBS_AT_ONCE = Math.max(1, Math.min(threadPoolSize(process.env.UV_THREADPOOL_SIZE) - 1, availableParallelism() + 1));

interface Waiting {
  job: () => Promise<unknown>;
  resolve: (result: Promise<unknown>) => void;
}

const waiting: (Waiting | undefined)[] = [];
let head = 0; // waiting[head] is the next to start: shift() on a long array can cost O(n)
let running = 0;

function nextWaiting(): Waiting | undefined {
  const next = waiting[head];
  if (!next) return undefined;
  waiting[head++] = undefined; // not kept alive by the queue
  if (head > 1024 && head * 2 > waiting.length) {
    waiting.splice(0, head);
    head = 0;
  }
  return next;
}

function start<T>(job: () => Promise<T>): Promise<T> {
  let result: Promise<T>;
  try {
    result = job();
  } catch (error) {
    result = Promise.reject(error); // a job that throws at once still passes its turn on
  }
  // Registered before the caller's own reaction: the turn passes, and the next RSA job goes to
  // the pool, before this job's caller goes on with its result.
  result.then(passTurn, passTurn);
  return result;
}

function passTurn(): void {
  const next = nextWaiting();
  if (next) next.resolve(start(next.job)); // running stays the same: the turn goes straight on
  else running--;
}

/** Runs `job` (one RSA operation) when fewer than RSA_JOBS_AT_ONCE are running; jobs start in call order. */
export function inRsaTurn<T>(job: () => Promise<T>): Promise<T> {
  if (running < RSA_JOBS_AT_ONCE) {
    running++;
    return start(job);
  }
  return new Promise<T>((resolve) => waiting.push({ job, resolve: resolve as Waiting['resolve'] }));
}
