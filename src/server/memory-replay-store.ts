// The default replay store: one process. The check-and-set is synchronous, so it is
// atomic however many decrypts run at once; expired ids are evicted as new ones come.
import { DecryptorOptionsError, ReplayStoreError } from './errors.js';
import type { ReplayStore } from './replay-store.js';

/** Options of {@link createMemoryReplayStore}. */
export interface MemoryReplayStoreOptions {
  /** Most ids kept at once; when every one is still live the store refuses (fail closed). Default 1,000,000. */
  maxEntries?: number;
  /** Clock in milliseconds, like `Date.now` (the default). */
  now?: () => number;
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
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new DecryptorOptionsError('maxEntries', 'expected a whole number >= 1');
  if (typeof now !== 'function') throw new DecryptorOptionsError('now', 'expected a function returning milliseconds');
  const expiries = new Map<string, number>(); // insertion order ~ expiry order

  // An id is live for ttl seconds, its expiry millisecond excluded, as with Redis `EX`; createDecryptor
  // asks for 1 s more than a token can be accepted, so the boundary never reopens a token.
  function evictExpired(at: number, everything: boolean): void {
    for (const [id, expiry] of expiries) {
      if (expiry <= at) expiries.delete(id);
      else if (!everything) return; // the oldest live entry: the rest are most likely newer
    }
  }

  return {
    get size() {
      return expiries.size;
    },
    recordOnce(tokenId: string, ttlSeconds: number): boolean {
      const at = now();
      evictExpired(at, false);
      const expiry = expiries.get(tokenId);
      if (expiry !== undefined && expiry > at) return false;
      if (expiry === undefined && expiries.size >= maxEntries) {
        evictExpired(at, true); // ids of shorter TTLs may hide behind a live one
        if (expiries.size >= maxEntries) throw new ReplayStoreError(`memory replay store full (${maxEntries} live token ids)`);
      }
      expiries.delete(tokenId);
      expiries.set(tokenId, at + ttlSeconds * 1000);
      return true;
    },
  };
}
