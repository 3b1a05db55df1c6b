// A SET that Redis ran but whose reply was lost with the connection (issue 14 defect 5, the
// "resend" half). ioredis resends it after reconnecting: NX then refuses the key this very
// attempt wrote, which is this attempt's acceptance, not a reuse (checked with GET). node-redis
// rejects it: "unavailable", and the take-back queued behind it clears the key for the retry.
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisReplayStore, ReplayStoreError } from '../../src/server/index.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { lossyProxy, type LossyProxy } from './support/tcp-proxy.js';

let redis: RunningRedis;
let proxy: LossyProxy;
let admin: Redis;
beforeAll(async () => {
  redis = await startRedis();
  proxy = await lossyProxy(redis.port);
  admin = new Redis(redis.port, '127.0.0.1');
});
afterAll(async () => {
  admin?.disconnect();
  await proxy?.close();
  await redis?.stop();
});

const untilTrue = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('the reply of a SET NX is lost with the connection', () => {
  it('ioredis (resends it after reconnecting): the attempt is accepted once, not TOKEN_REUSED', async () => {
    const client = new Redis(proxy.port, '127.0.0.1', { retryStrategy: () => 20 });
    client.on('error', () => {});
    try {
      await client.ping();
      const store = createRedisReplayStore({ client, keyPrefix: 'lost:', timeoutMs: 10_000 });
      proxy.loseNextReply();
      expect(await store.recordOnce('io', 720)).toBe(true);
      expect(await store.recordOnce('io', 720)).toBe(false);
    } finally {
      client.disconnect();
    }
  });

  it('node-redis (rejects it): "unavailable", and the id is free again for the retry', async () => {
    const client = createClient({ url: `redis://127.0.0.1:${proxy.port}`, socket: { reconnectStrategy: 20 } }).on('error', () => {});
    await client.connect();
    try {
      const store = createRedisReplayStore({ client, keyPrefix: 'lost:', timeoutMs: 10_000 });
      proxy.loseNextReply();
      await expect(store.recordOnce('nr', 720)).rejects.toBeInstanceOf(ReplayStoreError); // Redis did run the SET: only its reply was lost
      await untilTrue(() => client.isReady);
      await client.ping(); // the take-back, queued before, has run
      expect(await admin.exists('lost:nr')).toBe(0);
      expect(await store.recordOnce('nr', 720)).toBe(true);
      expect(await store.recordOnce('nr', 720)).toBe(false);
    } finally {
      client.destroy();
    }
  });
});
