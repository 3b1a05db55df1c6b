// Issue 14 defect 4: the memory store checks its own clock (the decryptor checks its own, but
// a store is also used alone or with another clock). A clock that is not finite milliseconds,
// or that throws, fails closed with REPLAY_STORE_UNAVAILABLE: never an id accepted twice.
import { describe, expect, it } from 'vitest';
import { createDecryptor, createMemoryReplayStore, ReplayStoreError } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const BAD_CLOCKS: [string, () => unknown][] = [
  ['NaN', () => Number.NaN],
  ['undefined', () => undefined],
  ['a Date', () => new Date()],
  ['Infinity', () => Infinity],
  ['-Infinity', () => -Infinity],
  ['a numeric string', () => '1800000000000'],
  ['null', () => null],
  ['a bigint', () => 1800000000000n],
  ['a throwing clock', () => { throw new Error('clock broke'); }],
];

describe('memory replay store: its own clock', () => {
  it.each(BAD_CLOCKS)('%s: every call fails closed with REPLAY_STORE_UNAVAILABLE', (_name, clock) => {
    const store = createMemoryReplayStore({ now: clock as () => number });
    for (let i = 0; i < 3; i++) {
      expect(() => store.recordOnce('same-id', 720)).toThrow(ReplayStoreError);
      try {
        store.recordOnce('same-id', 720);
      } catch (error) {
        expect(error).toMatchObject({ code: 'REPLAY_STORE_UNAVAILABLE', message: expect.stringMatching(/clock/) });
      }
    }
    expect(store.size).toBe(0);
  });

  it('a clock that turns bad later never lets a recorded id through again', () => {
    let value: unknown = 1_000;
    const store = createMemoryReplayStore({ now: () => value as number });
    expect(store.recordOnce('id', 720)).toBe(true);
    for (const bad of [Number.NaN, undefined, new Date(0), Infinity]) {
      value = bad;
      expect(() => store.recordOnce('id', 720)).toThrow(ReplayStoreError);
    }
    value = 2_000;
    expect(store.recordOnce('id', 720)).toBe(false);
  });

  it.each([Number.NaN, Infinity, -1, 0, '720' as never, undefined as never])('a ttl of %s fails closed', (ttl) => {
    const store = createMemoryReplayStore({ now: () => 1_000 });
    expect(() => store.recordOnce('id', ttl)).toThrow(ReplayStoreError);
    expect(() => store.recordOnce('id', ttl)).toThrow(ReplayStoreError);
    expect(store.size).toBe(0);
  });

  it('through createDecryptor with a good decryptor clock and a bad store clock: the token is refused, twice', async () => {
    const decryptor = await createDecryptor({
      keys: { v1: readSharedKey('rsa-2048-private.pem') },
      replayStore: createMemoryReplayStore({ now: () => Number.NaN }),
    });
    const token = await tokenFor(readSharedKey('rsa-2048-public.pem'));
    for (let i = 0; i < 2; i++) await expect(decryptor.decrypt(token)).rejects.toMatchObject({ code: 'REPLAY_STORE_UNAVAILABLE' });
  });
});
