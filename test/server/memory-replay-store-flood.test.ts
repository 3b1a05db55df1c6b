// Issue 14 defect 6: a flood of valid tokens fills the memory store. Refusing costs O(1) (no
// scan of the store), expiry is incremental (no call evicts the whole flood at once), and the
// store answers exactly as a plain "live ids" model does, whatever the TTLs and the clock steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryReplayStore, ReplayStoreError } from '../../src/server/index.js';

const FLOOD = 100_000;

describe('memory replay store under a flood', () => {
  it('expiry is incremental: the first call after a whole flood expired does not evict it all, and is accepted', () => {
    let now = 0;
    const store = createMemoryReplayStore({ maxEntries: FLOOD, now: () => now });
    for (let i = 0; i < FLOOD; i++) store.recordOnce(`flood${i}`, 720);
    expect(() => store.recordOnce('early buyer', 720)).toThrow(ReplayStoreError);
    now = 720_000; // every flood id expired at once
    expect(store.recordOnce('buyer0', 720)).toBe(true);
    expect(store.size).toBeGreaterThan(FLOOD * 0.99); // bounded work per call, not 100,000 deletions
    let previous = store.size;
    let buyers = 1;
    while (store.size > buyers) {
      expect(store.recordOnce(`buyer${buyers++}`, 720)).toBe(true);
      expect(store.size).toBeLessThan(previous); // every call makes progress on the expired backlog
      previous = store.size;
    }
    expect(buyers).toBeLessThan(5_000); // the backlog is gone after a few thousand calls
    expect(store.recordOnce('buyer1', 720)).toBe(false); // the honest ids are still live
  });

  it('a full store refuses until its oldest id expires, then accepts at once (mixed TTLs)', () => {
    let now = 0;
    const store = createMemoryReplayStore({ maxEntries: 1_000, now: () => now });
    store.recordOnce('long', 3_600);
    for (let i = 1; i < 1_000; i++) store.recordOnce(`short${i}`, 10); // expire behind the long one
    now = 9_999;
    for (let i = 0; i < 100; i++) expect(() => store.recordOnce(`refused${i}`, 10)).toThrow(/full/);
    now = 10_000;
    expect(store.recordOnce('refused0', 10)).toBe(true);
    expect(store.recordOnce('long', 3_600)).toBe(false);
  });

  it('answers like a model of live ids (fast-check: ids, TTLs, clock steps, a small maxEntries)', () => {
    const step = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), ttl: fc.integer({ min: 1, max: 5 }), advance: fc.integer({ min: 0, max: 3_000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(step, { maxLength: 60 }), (maxEntries, steps) => {
        let now = 0;
        const store = createMemoryReplayStore({ maxEntries, now: () => now });
        const model = new Map<string, number>();
        for (const { id, ttl, advance } of steps) {
          now += advance;
          const live = [...model].filter(([, expiry]) => expiry > now);
          let expected: boolean | 'full';
          if ((model.get(id) ?? -1) > now) expected = false;
          else if (live.length >= maxEntries) expected = 'full';
          else {
            model.set(id, now + ttl * 1000);
            expected = true;
          }
          let actual: boolean | 'full';
          try {
            actual = store.recordOnce(id, ttl) as boolean;
          } catch (error) {
            if (!(error instanceof ReplayStoreError)) throw error;
            actual = 'full';
          }
          expect(actual).toBe(expected);
          expect(store.size).toBeLessThanOrEqual(maxEntries);
        }
      }),
      { numRuns: 500 },
    );
  });
});
