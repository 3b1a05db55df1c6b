// The service processes of the load test, and a request/answer call over IPC to each.
import { fork } from 'node:child_process';

export async function startServices(count, redisPort, timeoutMs) {
  const services = [];
  for (let i = 0; i < count; i++) {
    const library = i % 2 ? 'ioredis' : 'node-redis';
    const child = fork(new URL('./service.mjs', import.meta.url), [library, String(redisPort), String(timeoutMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const waiting = new Map();
    let nextId = 1;
    child.on('message', ({ id, outcome }) => {
      waiting.get(id)?.(outcome);
      waiting.delete(id);
    });
    const call = (message) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.send({ ...message, id });
      });
    await new Promise((resolve, reject) => {
      waiting.set(0, resolve);
      child.once('exit', (code) => reject(new Error(`service ${i} exited with ${code}`)));
    });
    child.on('exit', (code, signal) => {
      for (const answer of waiting.values()) answer(`EXITED ${code ?? signal}`); // a lost answer is reported, never awaited forever
      waiting.clear();
    });
    services.push({ library, call, stop: () => child.connected && child.send({ type: 'stop' }) });
  }
  return services;
}

/** Until every service is connected and has run what its connection had queued. */
export async function syncAll(services) {
  for (let i = 0; i < 600; i++) {
    if ((await Promise.all(services.map((s) => s.call({ type: 'sync' })))).every((ok) => ok === true)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('services did not reconnect to Redis within 30 s');
}
