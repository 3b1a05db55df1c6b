// Replay store for many processes: one atomic `SET key 1 NX EX ttl` per accepted token
// (API reference section 8, single use). Any client with the usual `set` call works; no
// Redis package is a dependency of this one.
import { DecryptorOptionsError, ReplayStoreError } from './errors.js';
import type { ReplayStore } from './replay-store.js';

/** The two common argument styles of `set`. */
export type RedisClientStyle = 'node-redis' | 'ioredis';

/** Anything with a Redis `set`: node-redis v4+ (`set(k, v, {NX, EX})`) or ioredis (`set(k, v, 'EX', n, 'NX')`). */
export interface RedisSetClient {
  set(key: string, value: string, ...options: unknown[]): unknown;
}

/** Options of {@link createRedisReplayStore}. */
export interface RedisReplayStoreOptions {
  /** A connected client, shared with the rest of the service if you like. */
  client: RedisSetClient;
  /** How to call `set`. Detected when omitted: `isOpen` (node-redis) or `status` (ioredis). */
  clientStyle?: RedisClientStyle;
  /** Prepended to every token id. Default `svc-card:jti:`. */
  keyPrefix?: string;
  /** A `set` that has not answered by then counts as a failure (fail closed). Default 2000. */
  timeoutMs?: number;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function detectStyle(client: object): RedisClientStyle {
  if (typeof (client as { isOpen?: unknown }).isOpen === 'boolean') return 'node-redis';
  if (typeof (client as { status?: unknown }).status === 'string') return 'ioredis';
  throw new DecryptorOptionsError('clientStyle', "cannot tell the client's set() style: pass 'node-redis' or 'ioredis'");
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReplayStoreError(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A {@link ReplayStore} on Redis, shared by every instance of the service. If Redis is
 * unreachable, `decrypt` rejects with {@link ReplayStoreError} and accepts nothing.
 *
 * @example
 * import { createClient } from 'redis';
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const decryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client }) });
 */
export function createRedisReplayStore(options: RedisReplayStoreOptions): ReplayStore {
  const { client, keyPrefix = 'svc-card:jti:', timeoutMs = 2000 } = options ?? ({} as RedisReplayStoreOptions);
  if (client === null || typeof client !== 'object' || typeof client.set !== 'function') {
    throw new DecryptorOptionsError('client', 'expected a Redis client with a set() method');
  }
  if (typeof keyPrefix !== 'string' || keyPrefix.length > 256) throw new DecryptorOptionsError('keyPrefix', 'expected a string of at most 256 characters');
  // setTimeout turns anything above 2**31 - 1 (or Infinity) into 1 ms: every call would time out.
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new DecryptorOptionsError('timeoutMs', `expected a number of milliseconds > 0 and <= ${MAX_TIMEOUT_MS}, got ${typeof timeoutMs === 'number' ? timeoutMs : typeof timeoutMs}`);
  }
  const style = options.clientStyle ?? detectStyle(client);
  if (style !== 'node-redis' && style !== 'ioredis') throw new DecryptorOptionsError('clientStyle', "expected 'node-redis' or 'ioredis'");

  const setOnce = (key: string, seconds: number): unknown =>
    style === 'node-redis' ? client.set(key, '1', { NX: true, EX: seconds }) : client.set(key, '1', 'EX', seconds, 'NX');

  return {
    async recordOnce(tokenId: string, ttlSeconds: number): Promise<boolean> {
      let reply: unknown;
      try {
        reply = await withTimeout(Promise.resolve().then(() => setOnce(keyPrefix + tokenId, Math.max(1, Math.ceil(ttlSeconds)))), timeoutMs);
      } catch (error) {
        if (error instanceof ReplayStoreError) throw error;
        throw new ReplayStoreError('Redis replay store: set failed', { cause: error });
      }
      if (reply === 'OK') return true;
      if (reply === null) return false; // NX: the key exists, the id was used
      throw new ReplayStoreError(`Redis replay store: unexpected reply to SET NX (${typeof reply})`);
    },
  };
}
