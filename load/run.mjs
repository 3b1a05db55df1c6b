// `npm run load` (after the build): single use across processes, through faults (issue 14).
// Several service processes (load/service.mjs, node-redis and ioredis alternately) share one
// real redis-server with the persistence README asks for (appendonly yes, appendfsync always).
// Every token is submitted twice at once, to two processes (one of each library). Phases:
//   steady  exactly one acceptance per token, every other answer TOKEN_REUSED, none lost
//   stall   CLIENT PAUSE WRITE longer than the store's timeout: "unavailable" answers
//   kill    SIGKILL of Redis mid-run, answers during the outage, restart on the same files
// then every token without an acceptance is retried once (must be accepted), and every token
// is replayed once (must be TOKEN_REUSED: none accepted twice, across the restart either).
// Options: --tokens N (steady tokens, default 20000; stall N/10, kill 3 x N/10, at least 200),
// --services P (default 4), --report (writes .cache/results/load.json for scripts/test-all.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { startRedis } from '../test-support/redis-server.mjs';
import { readSharedKey } from '../test-support/shared-vectors.mjs';
import { startServices, syncAll } from './services.mjs';
import { submitPairs } from './submit.mjs';

const { values } = parseArgs({ options: { tokens: { type: 'string', default: '20000' }, services: { type: 'string', default: '4' }, report: { type: 'boolean', default: false } } });
const STEADY = Number(values.tokens);
const FAULTY = Math.max(200, Math.round(STEADY / 10));
const SERVICES = Math.max(2, Number(values.services));
const TIMEOUT_MS = 1000; // the store's timeoutMs
const STALL_MS = 2500; // longer than TIMEOUT_MS: stalled SETs are answered "unavailable", then run
const root = resolve(import.meta.dirname, '..');
const { encryptCard } = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);

const checks = [];
function check(name, ok, detail = '') {
  checks.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

async function makeTokens(count) {
  const publicKey = readSharedKey('rsa-2048-public.pem');
  const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123', publicKey };
  const tokens = [];
  for (let i = 0; i < count; i++) tokens.push((await encryptCard(card)).encryptedCard);
  return tokens;
}

const range = (from, count) => Array.from({ length: count }, (_, i) => from + i);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PERSISTENT = ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always'];
const dir = mkdtempSync(join(tmpdir(), 'svc-card-load-'));
let redis = await startRedis({ args: [...PERSISTENT, '--dir', dir] });
const services = await startServices(SERVICES, redis.port, TIMEOUT_MS);
try {
  const total = STEADY + 4 * FAULTY;
  let t = performance.now();
  const tokens = await makeTokens(total);
  console.log(`${total} tokens in ${Math.round(performance.now() - t)} ms; ${SERVICES} services (${services.map((s) => s.library).join(', ')}), one redis-server (${PERSISTENT.join(' ')})`);
  const submit = (indices, options) => submitPairs(services, tokens, indices, options);
  const only = (outcomes, allowed) => outcomes.every((pair) => pair.every((o) => allowed.includes(o)));

  // steady
  t = performance.now();
  const steady = await submit(range(0, STEADY));
  const ms = performance.now() - t;
  console.log(`steady: ${STEADY * 2} decrypts in ${Math.round(ms)} ms (${Math.round((STEADY * 2 * 1000) / ms)}/s)`);
  check('steady: exactly one acceptance per token', steady.every((pair) => pair.filter((o) => o === 'ACCEPTED').length === 1));
  check('steady: every other answer TOKEN_REUSED, none lost', only(steady, ['ACCEPTED', 'TOKEN_REUSED']));

  // stall: Redis takes commands but runs no write for STALL_MS
  const admin = new Redis(redis.port, '127.0.0.1');
  await admin.call('CLIENT', 'PAUSE', String(STALL_MS), 'WRITE');
  admin.disconnect();
  const stallIds = range(STEADY, FAULTY);
  const stall = await submit(stallIds);
  const stalled = stall.filter((pair) => pair.includes('REPLAY_STORE_UNAVAILABLE')).length;
  check('stall: answers ACCEPTED, TOKEN_REUSED or REPLAY_STORE_UNAVAILABLE only', only(stall, ['ACCEPTED', 'TOKEN_REUSED', 'REPLAY_STORE_UNAVAILABLE']));
  check('stall: the pause made answers "unavailable"', stalled > 0, `${stalled} of ${FAULTY} tokens`);
  check('stall: no token accepted twice', stall.every((pair) => pair.filter((o) => o === 'ACCEPTED').length <= 1));

  // kill: SIGKILL half-way through a batch, a batch while down, restart, a batch after
  const killIds = range(STEADY + FAULTY, FAULTY);
  const downIds = range(STEADY + 2 * FAULTY, FAULTY);
  const afterIds = range(STEADY + 3 * FAULTY, FAULTY);
  const progress = { answered: 0 };
  const inFlightAtKill = submit(killIds, { progress });
  while (progress.answered < FAULTY / 2) await sleep(5);
  await redis.kill('SIGKILL');
  const killed = await inFlightAtKill;
  const down = await submit(downIds);
  redis = await startRedis({ port: redis.port, args: [...PERSISTENT, '--dir', dir] });
  await syncAll(services);
  const after = await submit(afterIds);
  check('kill: answers around the kill ACCEPTED, TOKEN_REUSED or REPLAY_STORE_UNAVAILABLE only', only(killed, ['ACCEPTED', 'TOKEN_REUSED', 'REPLAY_STORE_UNAVAILABLE']));
  check('kill: every answer while Redis was down is REPLAY_STORE_UNAVAILABLE', only(down, ['REPLAY_STORE_UNAVAILABLE']));
  check('kill: after the restart, one acceptance per new token', after.every((pair) => pair.filter((o) => o === 'ACCEPTED').length === 1) && only(after, ['ACCEPTED', 'TOKEN_REUSED']));

  // retry every faulty token without an acceptance, once, after Redis recovered
  await syncAll(services);
  const faulty = [...stallIds, ...killIds, ...downIds];
  const outcomes = new Map([...stall, ...killed, ...down].map((pair, k) => [faulty[k], pair]));
  const refused = faulty.filter((i) => !outcomes.get(i).includes('ACCEPTED'));
  const retried = await submit(refused, { single: true });
  const lockedOut = retried.filter(([o]) => o !== 'ACCEPTED').length;
  check('retry: every token answered "unavailable" is accepted once on retry', lockedOut === 0 && refused.every((i) => outcomes.get(i).includes('REPLAY_STORE_UNAVAILABLE')), `${refused.length} retried, ${lockedOut} not accepted`);

  // replay everything once: no token is accepted a second time, before or after the restart
  const replay = await submit(range(0, total), { single: true });
  const twice = replay.filter(([o]) => o !== 'TOKEN_REUSED').length;
  check('replay: every token is TOKEN_REUSED (none accepted twice, SIGKILL and restart included)', twice === 0, `${twice} of ${total} not TOKEN_REUSED`);
} finally {
  for (const service of services) service.stop();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}

const passed = checks.filter(Boolean).length;
const failed = checks.length - passed;
console.log(`load: ${passed} passed, ${failed} failed`);
if (values.report) {
  mkdirSync(resolve(root, '.cache/results'), { recursive: true });
  writeFileSync(resolve(root, '.cache/results/load.json'), JSON.stringify({ passed, failed }));
}
process.exit(failed ? 1 : 0);
