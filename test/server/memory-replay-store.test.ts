import { describe, expect, it } from 'vitest';
import { createMemoryReplayStore, InvalidOptionError, ReplayStoreError } from '../../src/server/index.js';

describe('createMemoryReplayStore', () => {
  it('records an id once until it expires', () => {
    let now = 0;
    const store = createMemoryReplayStore({ now: () => now });
    expect(store.recordOnce('a', 10)).toBe(true);
    expect(store.recordOnce('a', 10)).toBe(false);
    now = 9_999;
    expect(store.recordOnce('a', 10)).toBe(false);
    now = 10_000;
    expect(store.recordOnce('a', 10)).toBe(true);
  });

  it('evicts expired ids as new ones come, so memory stays bounded', () => {
    let now = 0;
    const store = createMemoryReplayStore({ now: () => now });
    for (let i = 0; i < 10_000; i++) {
      now = i * 10; // one id every 10 ms, each kept 1 s: about 100 live at once
      store.recordOnce(`id${i}`, 1);
    }
    expect(store.size).toBeLessThanOrEqual(101);
  });

  it('fails closed when full of live ids, and makes room from expired ones first', () => {
    let now = 0;
    const store = createMemoryReplayStore({ maxEntries: 3, now: () => now });
    store.recordOnce('long', 100);
    store.recordOnce('short1', 1);
    store.recordOnce('short2', 1);
    expect(() => store.recordOnce('x', 1)).toThrow(ReplayStoreError);
    expect(store.recordOnce('long', 100)).toBe(false); // a known id is still answered when full
    now = 1_000; // the short ones expired behind the long one
    expect(store.recordOnce('x', 1)).toBe(true);
    expect(store.size).toBe(2);
  });

  it('validates its options', () => {
    expect(() => createMemoryReplayStore({ maxEntries: 0 })).toThrow(InvalidOptionError);
    expect(() => createMemoryReplayStore({ now: 'x' as never })).toThrow(/option "now"/);
  });
});
