// One service process of the load test (load/run.mjs): createDecryptor with the Redis replay
// store over node-redis or ioredis (argv[2]) on the Redis at argv[3], answering over IPC.
// Clients keep their libraries' defaults (offline queue, ioredis resending after a reconnect)
// but reconnect fast: the store must be right with the defaults a service would have.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { readSharedKey } from '../test-support/shared-vectors.mjs';

const [library, port, timeoutMs] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const { createDecryptor, createRedisReplayStore, ReplayStoreError, TokenError } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);

let client;
let ready;
if (library === 'node-redis') {
  client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: 50 } }).on('error', () => {});
  await client.connect();
  ready = () => client.isReady;
} else {
  client = new Redis(Number(port), '127.0.0.1', { retryStrategy: () => 50, maxRetriesPerRequest: null });
  client.on('error', () => {});
  await client.ping();
  ready = () => client.status === 'ready';
}
const replayStore = createRedisReplayStore({ client, keyPrefix: 'load:', timeoutMs: Number(timeoutMs) });
const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') }, replayStore });

async function outcome(token) {
  try {
    await decryptor.decrypt(token);
    return 'ACCEPTED';
  } catch (error) {
    if (error instanceof TokenError || error instanceof ReplayStoreError) return error.code;
    return `CRASH ${error?.name}`;
  }
}

process.on('message', async (message) => {
  if (message.type === 'decrypt') process.send({ id: message.id, outcome: await outcome(message.token) });
  // Ready, and everything queued on the connection before (take-backs) has run: a PING answers after it.
  else if (message.type === 'sync') process.send({ id: message.id, outcome: ready() && (await client.ping().catch(() => '')) === 'PONG' });
  else if (message.type === 'stop') {
    if (library === 'node-redis') client.destroy();
    else client.disconnect();
    process.disconnect();
  }
});
process.send({ id: 0, outcome: 'started' });
