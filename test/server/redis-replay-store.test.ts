// The Redis store against a real redis-server, with node-redis and ioredis clients.
import { Redis } from 'ioredis';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecryptor, createRedisReplayStore, InvalidOptionError, ReplayStoreError, type RedisSetClient } from '../../src/server/index.js';
import { tokenFor } from './support/cards.js';
import { codeOf } from './support/codes.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { decryptVectorKeys, decryptVectors, readSharedKey } from '../../test-support/shared-vectors.mjs';

const keys = { v1: readSharedKey('rsa-2048-private.pem') };
const publicPem = readSharedKey('rsa-2048-public.pem');
let redis: RunningRedis;
let nodeRedis: RedisClientType;
let ioredis: Redis;

beforeAll(async () => {
  redis = await startRedis();
  nodeRedis = createClient({ url: redis.url }) as RedisClientType;
  await nodeRedis.connect();
  ioredis = new Redis(redis.port, '127.0.0.1');
  await ioredis.ping();
});

afterAll(async () => {
  await nodeRedis?.close();
  ioredis?.disconnect();
  await redis?.stop();
});

const styles = [
  ['node-redis', () => nodeRedis],
  ['ioredis', () => ioredis],
] as const;

describe.each(styles)('Redis replay store with %s', (style, client) => {
  it('records the token id once, with an expiry of max age + tolerance + 1 s, under the key prefix', async () => {
    const { token, now, options } = decryptVectors().replay;
    const keyPrefix = `test:${style}:`;
    const decryptor = await createDecryptor({ keys: decryptVectorKeys(), ...options, now: () => now * 1000, replayStore: createRedisReplayStore({ client: client(), keyPrefix }) });
    const { tokenId } = await decryptor.decrypt(token);
    expect(await codeOf(decryptor.decrypt(token))).toBe('TOKEN_REUSED');
    const ttl = await ioredis.ttl(keyPrefix + tokenId);
    expect(ttl).toBeGreaterThan(700);
    expect(ttl).toBeLessThanOrEqual(721); // + 1 s: the store outlives the token's last whole second
  });

  it('works with the style given explicitly', async () => {
    const replayStore = createRedisReplayStore({ client: client(), clientStyle: style, keyPrefix: `explicit:${style}:` });
    expect(await replayStore.recordOnce('abc', 5)).toBe(true);
    expect(await replayStore.recordOnce('abc', 5)).toBe(false);
  });

  it('1,000 simultaneous decrypts of one token give exactly one success', async () => {
    const decryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client: client() }) });
    const token = await tokenFor(publicPem);
    const outcomes = await Promise.allSettled(Array.from({ length: 1000 }, () => decryptor.decrypt(token)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason.code === 'TOKEN_REUSED')).toHaveLength(999);
  });
});

describe('Redis replay store shared by instances', () => {
  it('two decryptors (one per client library) on one server: 1,000 simultaneous decrypts, one success', async () => {
    const a = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client: nodeRedis }) });
    const b = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client: ioredis }) });
    const token = await tokenFor(publicPem);
    const outcomes = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => (i % 2 ? a : b).decrypt(token)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason.code === 'TOKEN_REUSED')).toHaveLength(999);
  });
});

describe('Redis unreachable: fail closed', () => {
  it('rejects with ReplayStoreError when the server went away (node-redis)', async () => {
    const doomed = await startRedis();
    const client = await createClient({ url: doomed.url, socket: { reconnectStrategy: 50 } }).on('error', () => {}).connect();
    try {
      const decryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client, timeoutMs: 500 }) });
      await doomed.stop();
      const error = await decryptor.decrypt(await tokenFor(publicPem)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReplayStoreError);
      expect(error).toMatchObject({ code: 'REPLAY_STORE_UNAVAILABLE' });
    } finally {
      client.destroy();
      await doomed.stop(); // idempotent: no redis-server is left behind when an assertion fails early
    }
  });

  it('rejects with ReplayStoreError when nothing listens (ioredis, offline queue)', async () => {
    const doomed = await startRedis();
    await doomed.stop(); // its port is now closed
    const client = new Redis(doomed.port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50 });
    client.on('error', () => {});
    try {
      const decryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client, timeoutMs: 300 }) });
      const token = await tokenFor(publicPem);
      await expect(decryptor.decrypt(token)).rejects.toThrow(ReplayStoreError);
    } finally {
      client.disconnect();
    }
  });

  it('rejects with ReplayStoreError on a closed node-redis client and on unexpected replies', async () => {
    const closed = createClient({ url: redis.url });
    const decryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client: closed }) });
    await expect(decryptor.decrypt(await tokenFor(publicPem))).rejects.toThrow(ReplayStoreError);
    const odd: RedisSetClient = { set: async () => 1, get: async () => null, eval: async () => 0 };
    const oddDecryptor = await createDecryptor({ keys, replayStore: createRedisReplayStore({ client: odd, clientStyle: 'ioredis' }) });
    await expect(oddDecryptor.decrypt(await tokenFor(publicPem))).rejects.toThrow(/unexpected reply/);
  });
});

describe('createRedisReplayStore options', () => {
  it('asks for clientStyle when it cannot tell, and validates the rest', () => {
    expect(() => createRedisReplayStore({ client: { set: () => 'OK', get: () => null, eval: () => 0 } })).toThrow(/option "clientStyle"/);
    expect(() => createRedisReplayStore({ client: {} as never })).toThrow(InvalidOptionError);
    expect(() => createRedisReplayStore({ client: ioredis, clientStyle: 'other' as never })).toThrow(/option "clientStyle"/);
    expect(() => createRedisReplayStore({ client: ioredis, timeoutMs: 0 })).toThrow(/option "timeoutMs"/);
    // setTimeout would fire after 1 ms for these: every call would fail
    for (const timeoutMs of [Infinity, 2 ** 31, Number.NaN, -1, '2000' as never]) {
      expect(() => createRedisReplayStore({ client: ioredis, timeoutMs })).toThrow(/option "timeoutMs"/);
    }
    expect(() => createRedisReplayStore({ client: ioredis, timeoutMs: 2 ** 31 - 1 })).not.toThrow();
    expect(() => createRedisReplayStore({ client: ioredis, timeoutMs: 0.5 })).not.toThrow();
    expect(() => createRedisReplayStore({ client: ioredis, keyPrefix: 5 as never })).toThrow(/option "keyPrefix"/);
  });
});
