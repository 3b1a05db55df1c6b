// The default replay store: one process. The check-and-set is synchronous, so it is
// atomic however many decrypts run at once. Built for a flood of valid tokens (issue 14):
// a refusal costs O(1), and expiry is incremental (a bounded number of evictions per call),
// so no call blocks the event loop however many ids expire at once.
import { InvalidOptionError, ReplayStoreError } from './errors.js';
import { ExpiryHeap } from './expiry-heap.js';
import type { ReplayStore } from './replay-store.js';

/** Options of {@link createMemoryReplayStore}. */
export interface MemoryReplayStoreOptions {
  /** Most ids kept at once; when every one is still live the store refuses (fail closed). Default 1,000,000. */
  maxEntries?: number;
  /** Clock in milliseconds, like `Date.now` (the default). Anything but a finite number fails closed. */
  now?: () => number;
}

// Evictions per call: a few microseconds of work, and 64 times the rate ids come in, so a
// backlog of expired ids drains while the store keeps answering.
const EVICTIONS_PER_CALL = 64;

/** The store's own clock, checked: a NaN or a Date would make every id look expired. */
function readClock(now: () => number): number {
  let at: unknown;
  try {
    at = now();
  } catch (error) {
    throw new ReplayStoreError('memory replay store: its clock threw', { cause: error });
  }
  if (typeof at !== 'number' || !Number.isFinite(at)) {
    throw new ReplayStoreError(`memory replay store: its clock gave ${typeof at === 'number' ? at : typeof at}, expected finite milliseconds`);
  }
  return at;
}

/**
 * An in-memory {@link ReplayStore}: right for a single process. Use a Redis store when
 * several processes or machines decrypt tokens. `size` counts the ids held (live, or
 * expired and not yet evicted).
 *
 * @example
 * const decryptor = await createDecryptor({ keys, replayStore: createMemoryReplayStore({ maxEntries: 100_000 }) });
 */
export function createMemoryReplayStore(options: MemoryReplayStoreOptions = {}): ReplayStore & { readonly size: number } {
  const { maxEntries = 1_000_000, now = Date.now } = options;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new InvalidOptionError('maxEntries', 'expected a whole number >= 1');
  if (typeof now !== 'function') throw new InvalidOptionError('now', 'expected a function returning milliseconds');
  const expiries = new Map<string, number>();
  const queue = new ExpiryHeap(); // may also hold stale entries of ids recorded again after expiry

  // An id is live for ttl seconds, its expiry millisecond excluded, as with Redis `EX`; createDecryptor
  // asks for 1 s more than a token can be accepted, so the boundary never reopens a token.
  function evictExpired(at: number): void {
    for (let evicted = 0; queue.soonest <= at && evicted < EVICTIONS_PER_CALL; ) {
      const id = queue.soonestId!;
      if (expiries.get(id) === queue.soonest) {
        expiries.delete(id);
        evicted++;
      }
      queue.pop();
    }
  }

  return {
    get size() {
      return expiries.size;
    },
    recordOnce(tokenId: string, ttlSeconds: number): boolean {
      const at = readClock(now);
      if (typeof ttlSeconds !== 'number' || !(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) {
        throw new ReplayStoreError(`memory replay store: ttlSeconds must be a positive finite number, got ${typeof ttlSeconds === 'number' ? ttlSeconds : typeof ttlSeconds}`);
      }
      evictExpired(at);
      const expiry = expiries.get(tokenId);
      if (expiry !== undefined && expiry > at) return false;
      // Full only when the soonest expiry is still ahead, i.e. every id held is live: O(1). When
      // expired ids remain (more than one call evicts), one of them makes room for this one.
      if (expiry === undefined && expiries.size >= maxEntries && queue.soonest > at) {
        throw new ReplayStoreError(`memory replay store full (${maxEntries} live token ids)`);
      }
      expiries.set(tokenId, at + ttlSeconds * 1000);
      queue.push(at + ttlSeconds * 1000, tokenId);
      return true;
    },
  };
}
