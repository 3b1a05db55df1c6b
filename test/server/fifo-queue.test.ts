// The queue behind the RSA workers (src/server/fifo-queue.ts): the same answers as an array's
// push/shift for any sequence of operations, through its compactions (past 1,024 taken).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FifoQueue } from '../../src/server/fifo-queue.js';

describe('FifoQueue', () => {
  it('answers shift() and size like an array for any run of pushes and shifts', () => {
    const operations = fc.array(fc.oneof(fc.integer({ min: 1, max: 3000 }).map((count) => ({ push: count })), fc.integer({ min: 1, max: 3000 }).map((count) => ({ shift: count }))), { maxLength: 12 });
    fc.assert(
      fc.property(operations, (run) => {
        const queue = new FifoQueue<number>();
        const model: number[] = [];
        let next = 0;
        for (const operation of run) {
          if ('push' in operation) {
            for (let i = 0; i < operation.push; i++, next++) (queue.push(next), model.push(next));
          } else {
            // Every value taken, compared in one expect per operation (one per value made the file take 20-60 s).
            const taken = Array.from({ length: operation.shift }, () => queue.shift());
            expect(taken).toEqual(Array.from({ length: operation.shift }, () => model.shift()));
          }
          expect(queue.size).toBe(model.length);
        }
      }),
      { numRuns: 100 },
    );
  });
});
