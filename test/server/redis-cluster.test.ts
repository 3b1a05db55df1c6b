// The Redis store on a local Redis Cluster (three masters, no replicas, Debian's redis-server
// and redis-cli), with the cluster clients of node-redis and ioredis. Each token id is one key,
// so the guarantees are per key on the master of its slot: one acceptance among concurrent
// decrypts across both libraries, and a dead master fails its keys closed while others work.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisReplayStore, ReplayStoreError, type ReplayStore } from '../../src/server/index.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';

let dir: string;
let nodes: RunningRedis[] = [];
let ioCluster: Cluster;
let nodeCluster: ReturnType<typeof createCluster>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-card-cluster-'));
  for (let i = 0; i < 3; i++) {
    const args = ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${i}.conf`, '--dir', dir, '--appendfilename', `node-${i}.aof`, '--appenddirname', `aof-${i}`];
    nodes.push(await startRedis({ args }));
  }
  execFileSync('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'], { stdio: 'ignore' });
  // Every node must see the whole cluster (each slot served) before a test writes: one node's
  // ok is not enough on a busy machine, where the others agree later (CLUSTERDOWN meanwhile).
  const allOk = () => nodes.every((n) => execFileSync('redis-cli', ['-p', String(n.port), 'cluster', 'info'], { encoding: 'utf8' }).includes('cluster_state:ok'));
  for (let waited = 0; !allOk(); waited += 100) {
    if (waited > 60_000) throw new Error('the local Redis Cluster did not reach cluster_state:ok on every node within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  ioCluster = new Cluster([{ host: '127.0.0.1', port: nodes[0]!.port }], { clusterRetryStrategy: () => 50 });
  ioCluster.on('error', () => {});
  nodeCluster = createCluster({ rootNodes: [{ url: `redis://127.0.0.1:${nodes[0]!.port}` }] });
  nodeCluster.on('error', () => {});
  await Promise.all([ioCluster.ping(), nodeCluster.connect()]);
}, 120_000);

afterAll(async () => {
  ioCluster?.disconnect();
  nodeCluster?.destroy();
  await Promise.all(nodes.map((n) => n.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const stores = (): ReplayStore[] => [
  createRedisReplayStore({ client: nodeCluster as never, clientStyle: 'node-redis', keyPrefix: 'cl:', timeoutMs: 2000 }),
  createRedisReplayStore({ client: ioCluster as never, clientStyle: 'ioredis', keyPrefix: 'cl:', timeoutMs: 2000 }),
];

describe('Redis store on a Redis Cluster', () => {
  it('200 ids spread over every slot range, each recorded by both libraries at once: one true per id', async () => {
    const [a, b] = stores();
    const ids = Array.from({ length: 200 }, (_, i) => `spread-${i}`);
    const answers = await Promise.all(ids.map((id) => Promise.all([a!.recordOnce(id, 60), b!.recordOnce(id, 60)])));
    for (const pair of answers) expect(pair.filter(Boolean)).toHaveLength(1);
  });

  it('a dead master fails its own keys closed (REPLAY_STORE_UNAVAILABLE), and only those', async () => {
    const [a, b] = stores();
    const victim = nodes[2]!;
    const slots = await ioCluster.cluster('SLOTS');
    const ranges = slots.filter(([, , master]) => master?.[1] === victim.port);
    const ids = Array.from({ length: 30 }, (_, i) => `dead-${i}`);
    const onVictim = (id: string) => {
      const slot = Number(execFileSync('redis-cli', ['-p', String(nodes[0]!.port), 'cluster', 'keyslot', `cl:${id}`], { encoding: 'utf8' }));
      return ranges.some(([from, to]) => slot >= from && slot <= to);
    };
    await victim.kill('SIGKILL');
    const cases = [a!, b!].flatMap((store, k) => ids.map((id) => [store, `${id}-${k}`] as const));
    const outcomes = await Promise.all(cases.map(([store, id]) => Promise.resolve(store.recordOnce(id, 60)).catch((e: unknown) => e)));
    expect(cases.some(([, id]) => onVictim(id))).toBe(true);
    cases.forEach(([, id], i) => {
      if (onVictim(id)) expect(outcomes[i]).toBeInstanceOf(ReplayStoreError);
      else expect(outcomes[i]).toBe(true);
    });
  });
});
