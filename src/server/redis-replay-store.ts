// Replay store for many processes: one atomic `SET key <attempt> NX EX ttl` per accepted
// token (API reference section 8, single use). Any client with the usual `set` and `eval`
// calls works; no Redis package is a dependency of this one.
//
// "Unavailable" must mean "not recorded" (issue 14): a SET already on the wire runs when a
// stalled Redis wakes, and a client may send queued commands after a reconnect. So each
// attempt writes a value of its own, a failed attempt queues a delete-if-still-mine right
// behind its SET on the same connection, and nothing is sent while the client is not ready.
import { toBase64Url } from '../internal/base64.js';
import { InvalidOptionError, ReplayStoreError } from './errors.js';
import type { ReplayStore } from './replay-store.js';

/** The two common argument styles of `set` and `eval`. */
export type RedisClientStyle = 'node-redis' | 'ioredis';

/**
 * A Redis client: node-redis v4+ (`set(k, v, {NX, EX})`; `eval` with `{keys, arguments}`) or
 * ioredis (`set(k, v, 'EX', n, 'NX')`; `eval` with `1, k, v`), a cluster client of either too.
 * `eval` is Redis's EVAL command (a Lua script run by the Redis server), not JavaScript's.
 */
export interface RedisSetClient {
  set(key: string, value: string, ...options: unknown[]): unknown;
  get(key: string): unknown;
  eval: (script: string, ...options: never[]) => unknown; // never[]: any client's own typing fits
}

/** Options of {@link createRedisReplayStore}. */
export interface RedisReplayStoreOptions {
  /** A connected client, shared with the rest of the service if you like. */
  client: RedisSetClient;
  /** How to call `set`. Detected when omitted: `isOpen` (node-redis) or `status` (ioredis). */
  clientStyle?: RedisClientStyle;
  /** Prepended to every token id. Default `svc-card:jti:`. */
  keyPrefix?: string;
  /** A `set` that has not answered by then counts as a failure (fail closed), and is taken back. Default 2000. */
  timeoutMs?: number;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;
// Deletes the key only if it still holds this attempt's value: never another attempt's record.
const DELETE_IF_MINE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
// Take-backs that could not even be queued (client refused them): retried before the next SET.
const MAX_PENDING_TAKE_BACKS = 10_000;

function detectStyle(client: object): RedisClientStyle {
  if (typeof (client as { isOpen?: unknown }).isOpen === 'boolean') return 'node-redis';
  if (typeof (client as { status?: unknown }).status === 'string') return 'ioredis';
  throw new InvalidOptionError('clientStyle', "cannot tell the client's set() style: pass 'node-redis' or 'ioredis'");
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
    throw new InvalidOptionError('client', 'expected a Redis client with a set() method');
  }
  if (typeof keyPrefix !== 'string' || keyPrefix.length > 256) throw new InvalidOptionError('keyPrefix', 'expected a string of at most 256 characters');
  // setTimeout turns anything above 2**31 - 1 (or Infinity) into 1 ms: every call would time out.
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new InvalidOptionError('timeoutMs', `expected a number of milliseconds > 0 and <= ${MAX_TIMEOUT_MS}, got ${typeof timeoutMs === 'number' ? timeoutMs : typeof timeoutMs}`);
  }
  const style = options.clientStyle ?? detectStyle(client);
  if (style !== 'node-redis' && style !== 'ioredis') throw new InvalidOptionError('clientStyle', "expected 'node-redis' or 'ioredis'");
  if (typeof client.eval !== 'function' || typeof client.get !== 'function') {
    throw new InvalidOptionError('client', 'expected a Redis client with get and eval methods (a failed SET is checked and taken back with them)');
  }

  const state = client as { isReady?: unknown; status?: unknown };
  // No offline queue: a command queued while disconnected would run later, after "unavailable".
  // Wrappers without these members are taken as ready.
  const ready = (): boolean => (style === 'node-redis' ? state.isReady !== false : state.status === undefined || state.status === 'ready');
  const setOnce = (key: string, value: string, seconds: number): unknown =>
    style === 'node-redis' ? client.set(key, value, { NX: true, EX: seconds }) : client.set(key, value, 'EX', seconds, 'NX');
  const pending = new Map<string, string>(); // key -> attempt value still to take back
  const redisEval = client.eval.bind(client) as (script: string, ...options: unknown[]) => unknown; // Redis EVAL: Lua on the Redis server

  /** Queues DELETE_IF_MINE now, on the SET's connection, behind it; remembers it if the client refuses. */
  function takeBack(key: string, attempt: string): void {
    const remember = () => {
      if (pending.size < MAX_PENDING_TAKE_BACKS) pending.set(key, attempt);
    };
    try {
      const sent = style === 'node-redis' ? redisEval(DELETE_IF_MINE, { keys: [key], arguments: [attempt] }) : redisEval(DELETE_IF_MINE, 1, key, attempt);
      Promise.resolve(sent).catch(remember);
    } catch {
      remember();
    }
  }

  return {
    async recordOnce(tokenId: string, ttlSeconds: number): Promise<boolean> {
      if (!ready()) throw new ReplayStoreError('Redis replay store: the client is not connected (nothing was sent)');
      for (const [key, attempt] of pending) {
        pending.delete(key);
        takeBack(key, attempt);
      }
      const key = keyPrefix + tokenId;
      const attempt = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
      let reply: unknown;
      try {
        reply = await withTimeout(Promise.resolve().then(() => setOnce(key, attempt, Math.max(1, Math.ceil(ttlSeconds)))), timeoutMs);
      } catch (error) {
        takeBack(key, attempt); // the SET may still run (stalled Redis, resent after a reconnect)
        if (error instanceof ReplayStoreError) throw error;
        throw new ReplayStoreError('Redis replay store: set failed', { cause: error });
      }
      if (reply === 'OK') return true;
      // NX: the key exists. Used before, unless it holds this very attempt: a client that resends
      // after a reconnect (ioredis) can run the SET twice, the first reply lost with the connection.
      if (reply === null) return (await withTimeout(Promise.resolve().then(() => client.get(key)), timeoutMs).catch(() => null)) === attempt;
      takeBack(key, attempt);
      throw new ReplayStoreError(`Redis replay store: unexpected reply to SET NX (${typeof reply})`);
    },
  };
}
