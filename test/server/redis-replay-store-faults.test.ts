// Issue 14 defect 5: a SET NX that Redis runs after the store answered REPLAY_STORE_UNAVAILABLE
// (a stall: CLIENT PAUSE; a command queued while disconnected) must not leave the id recorded:
// the buyer told "unavailable" is accepted once on retry. And with the persistence README asks
// for (appendonly yes, appendfsync always), used ids stay used across a SIGKILL and restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisReplayStore, ReplayStoreError, type ReplayStore } from '../../src/server/index.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';

const PERSISTENT = ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];

type Client = { ping(): Promise<unknown>; exists(key: string): Promise<number> };
interface Connected {
  client: Client;
  /** Connected and past the handshake: the store sends only then. */
  ready(): boolean;
  close(): void;
}

/** A client of each library, reconnecting fast, with its library's default queues. */
const libraries: [string, (port: number) => Promise<Connected>][] = [
  [
    'node-redis',
    async (port) => {
      const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: 20 } }).on('error', () => {});
      await client.connect();
      return { client, ready: () => client.isReady, close: () => client.destroy() };
    },
  ],
  [
    'ioredis',
    async (port) => {
      const client = new Redis(port, '127.0.0.1', { retryStrategy: () => 20 });
      client.on('error', () => {});
      await client.ping();
      return { client, ready: () => client.status === 'ready', close: () => client.disconnect() };
    },
  ],
];

const storeOf = (client: Client, timeoutMs: number): ReplayStore =>
  createRedisReplayStore({ client: client as never, keyPrefix: 'fault:', timeoutMs });

async function outcome(store: ReplayStore, id: string): Promise<boolean | 'unavailable'> {
  try {
    return await store.recordOnce(id, 720);
  } catch (error) {
    if (error instanceof ReplayStoreError) return 'unavailable';
    throw error;
  }
}

const untilReady = async (ready: () => boolean) => {
  for (let i = 0; i < 500 && !ready(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe.each(libraries)('Redis store faults with %s', (_name, connect) => {
  let redis: RunningRedis;
  let admin: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.port, '127.0.0.1');
  });
  afterAll(async () => {
    admin?.disconnect();
    await redis?.stop();
  });

  it('a stalled SET answered "unavailable" does not record the id: the retry is accepted once', async () => {
    const { client, close } = await connect(redis.port);
    try {
      const store = storeOf(client, 200);
      await admin.call('CLIENT', 'PAUSE', '1500', 'WRITE');
      const ids = Array.from({ length: 20 }, (_, i) => `stall-${i}`);
      expect(await Promise.all(ids.map((id) => outcome(store, id)))).toEqual(ids.map(() => 'unavailable'));
      await client.ping(); // behind the stalled commands on the same connection: they have run
      for (const id of ids) expect(await admin.exists(`fault:${id}`)).toBe(0);
      expect(await Promise.all(ids.map((id) => outcome(store, id)))).toEqual(ids.map(() => true));
      expect(await Promise.all(ids.map((id) => outcome(store, id)))).toEqual(ids.map(() => false));
    } finally {
      close();
    }
  });

  it('while disconnected nothing is queued: after Redis is back the id was never recorded', async () => {
    const local = await startRedis();
    const { client, ready, close } = await connect(local.port);
    try {
      const store = storeOf(client, 300);
      expect(await outcome(store, 'before')).toBe(true);
      await local.kill('SIGKILL');
      expect(await outcome(store, 'offline')).toBe('unavailable');
      const back = await startRedis({ port: local.port });
      try {
        await untilReady(ready);
        expect(await client.exists('fault:offline')).toBe(0);
        expect(await outcome(store, 'offline')).toBe(true);
        expect(await outcome(store, 'offline')).toBe(false);
      } finally {
        await back.stop();
      }
    } finally {
      close();
      await local.stop();
    }
  });

  it('with appendonly yes and appendfsync always, used ids stay used across SIGKILL and restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-card-redis-'));
    const first = await startRedis({ args: [...PERSISTENT, '--dir', dir] });
    const { client, ready, close } = await connect(first.port);
    try {
      const store = storeOf(client, 2_000);
      const ids = Array.from({ length: 200 }, (_, i) => `kept-${i}`);
      expect(await Promise.all(ids.map((id) => outcome(store, id)))).toEqual(ids.map(() => true));
      await first.kill('SIGKILL');
      const second = await startRedis({ port: first.port, args: [...PERSISTENT, '--dir', dir] });
      try {
        await untilReady(ready);
        expect(await Promise.all(ids.map((id) => outcome(store, id)))).toEqual(ids.map(() => false));
      } finally {
        await second.stop();
      }
    } finally {
      close();
      await first.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('createRedisReplayStore needs get and eval', () => {
  it('refuses a client without get or eval at creation, naming the option', () => {
    for (const clientStyle of ['node-redis', 'ioredis'] as const) {
      expect(() => createRedisReplayStore({ client: { set: () => 'OK', get: () => null } as never, clientStyle })).toThrow(/option "client": .*get and eval methods/);
      expect(() => createRedisReplayStore({ client: { set: () => 'OK', eval: () => 0 } as never, clientStyle })).toThrow(/option "client": .*get and eval methods/);
    }
  });
});
