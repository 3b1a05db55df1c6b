// A steady stream of other tenants' requests, for bench/tenants.mjs: runs in a worker thread
// (its own event loop, so a stalled sandbox cannot delay the sending), open loop: one request
// every `everyMs` whatever the answers do, each timed from when it was due to be sent (a late
// send counts against the server, never hides a stall). Kinds rotate; each answer's status and
// any socket error (a reset) are kept. Posts { kind, at (epoch ms it was due), ms, status } rows when told to stop.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, kinds, everyMs } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
const rows = [];
let stopped = false;
let sent = 0;
const inFlight = new Set();

function send(kind, dueAt) {
  const body = kind.body === undefined ? undefined : JSON.stringify(kind.body);
  const done = new Promise((resolve) => {
    const req = request(url + kind.path, { method: kind.method, agent, headers: { ...kind.headers, 'x-bench-due': String(performance.timeOrigin + dueAt), ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => { rows.push({ kind: kind.name, at: performance.timeOrigin + dueAt, ms: performance.now() - dueAt, status: res.statusCode }); resolve(); });
    });
    req.on('error', (error) => { rows.push({ kind: kind.name, at: performance.timeOrigin + dueAt, ms: performance.now() - dueAt, status: error.code ?? 'error' }); resolve(); });
    req.end(body);
  });
  inFlight.add(done);
  done.then(() => inFlight.delete(done));
}

const start = performance.now();
function tick() {
  if (stopped) return;
  // Every request due by now goes out (a late timer sends the ones it missed, each timed from its due time).
  while (start + sent * everyMs <= performance.now()) {
    send(kinds[sent % kinds.length], start + sent * everyMs);
    sent++;
  }
  setTimeout(tick, Math.max(0, start + sent * everyMs - performance.now()));
}
tick();
parentPort.on('message', async () => {
  stopped = true;
  await Promise.all(inFlight);
  agent.destroy();
  parentPort.postMessage(rows);
});
