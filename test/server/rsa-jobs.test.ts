// The bound on RSA jobs in libuv's thread pool (src/server/rsa-jobs.ts): how many, and the
// queue's rules (never more at once, first in first out, a failed job passes its turn on).
// The jobs here are promises the test settles itself: what is checked is order, not time.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { inRsaTurn, RSA_JOBS_AT_ONCE, threadPoolSize } from '../../src/server/rsa-jobs.js';

describe('threadPoolSize: UV_THREADPOOL_SIZE as libuv reads it', () => {
  it('4 when unset; a whole number taken as it is, at most 1024; 0 or no number is 1; a negative wraps to 1024 (unsigned)', () => {
    expect([undefined, '8', ' 8 threads', '1', '2000', '0', '', 'many', '-3'].map(threadPoolSize)).toEqual([4, 8, 8, 1, 1024, 1, 1, 1, 1024]);
  });

  it(`leaves this process's pool (UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? 'unset'}) a thread without RSA, unless it has only one`, () => {
    const threads = threadPoolSize(process.env.UV_THREADPOOL_SIZE);
    expect(RSA_JOBS_AT_ONCE).toBeGreaterThanOrEqual(1);
    expect(RSA_JOBS_AT_ONCE).toBeLessThanOrEqual(Math.max(1, threads - 1));
    expect(RSA_JOBS_AT_ONCE).toBeLessThanOrEqual(availableParallelism() + 1);
  });
});

function deferred(): { promise: Promise<string>; resolve: (v: string) => void; reject: (e: Error) => void } {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('inRsaTurn', () => {
  it(`runs at most ${RSA_JOBS_AT_ONCE} jobs at once, starts the others in call order as turns free up, and a failed job frees its turn too`, async () => {
    const total = RSA_JOBS_AT_ONCE * 3 + 2;
    const jobs = Array.from({ length: total }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = jobs.map((job, i) =>
      inRsaTurn(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        try {
          return await job.promise;
        } finally {
          running--;
        }
      }).catch((error: Error) => error.message),
    );
    await settle();
    expect(started).toEqual(jobs.slice(0, RSA_JOBS_AT_ONCE).map((_, i) => i));
    // Each time the running job started last is settled (odd ones fail): exactly the next in call order starts.
    const settled = new Set<number>();
    while (settled.size < total) {
      const last = started.filter((i) => !settled.has(i)).pop()!;
      if (last % 2) jobs[last]!.reject(new Error(`job ${last} failed`));
      else jobs[last]!.resolve(`job ${last}`);
      settled.add(last);
      await settle();
      expect(started).toHaveLength(Math.min(total, RSA_JOBS_AT_ONCE + settled.size));
    }
    expect(started).toEqual(jobs.map((_, i) => i));
    expect(most).toBe(RSA_JOBS_AT_ONCE);
    expect(await Promise.all(results)).toEqual(jobs.map((_, i) => (i % 2 ? `job ${i} failed` : `job ${i}`)));
  });

  it('keeps call order and the bound through a queue of 5,000 (the queue compacts itself as it drains)', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const done = Array.from({ length: 5000 }, (_, i) =>
      inRsaTurn(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await settle();
        running--;
        return i;
      }),
    );
    expect(await Promise.all(done)).toEqual(started);
    expect(started).toEqual(done.map((_, i) => i));
    expect(most).toBe(RSA_JOBS_AT_ONCE);
  });
});
