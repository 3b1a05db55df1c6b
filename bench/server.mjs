// Service-side benchmark (issue 14): decrypts per second and event-loop delay, NOT pinned (all
// cores, as a service runs), for 2048- and 4096-bit keys, three contenders in the same run on
// the same tokens, alternated in rounds so load spikes on a shared machine hit all three:
//   ours      createDecryptor (real in-memory replay store: every token fresh, recorded once)
//   sync      bare node:crypto: privateDecrypt (OAEP SHA-256) + aes-256-gcm + JSON.parse, each
//             call synchronous in its own macrotask (a request handler's view)
//   webcrypto bare WebCrypto: RSA-OAEP decrypt with one imported key + AES-GCM + JSON.parse
// Two modes: sequential (one at a time) and concurrent (64 in flight). Event-loop p99 over each
// contender's own rounds only (bench/loop-delay.mjs says why it is not monitorEventLoopDelay).
// Run: npm run build && node bench/server.mjs   (or through bench/run.mjs)
// Before/after a change, in the same run: BENCH_BASELINE=/other/checkout/dist/server.js adds a
// fourth contender, `baseline`, that build's createDecryptor (same tokens, same rounds).
import { constants, createDecipheriv, createPrivateKey, privateDecrypt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { readSharedKey } from '../test-support/shared-vectors.mjs';
import { createLoopDelay } from './loop-delay.mjs';

const root = resolve(import.meta.dirname, '..');
const { encryptCard } = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { createDecryptor } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);
const baselineModule = process.env.BENCH_BASELINE ? await import(pathToFileURL(resolve(process.env.BENCH_BASELINE)).href) : undefined;

const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123' };
const aadOf = (keyId) => Buffer.from(Buffer.from(`{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"${keyId}"}`).toString('base64url'));

function syncDecrypt(privateKey, token) {
  const cek = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(token.encryptedKey, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', cek, Buffer.from(token.iv, 'base64'));
  decipher.setAAD(aadOf(token.keyId));
  decipher.setAuthTag(Buffer.from(token.authTag, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(token.ciphertext, 'base64')), decipher.final()]).toString('utf8'));
}

async function webCryptoDecrypt(privateKey, token) {
  const cek = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(token.encryptedKey, 'base64'));
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const sealed = Buffer.concat([Buffer.from(token.ciphertext, 'base64'), Buffer.from(token.authTag, 'base64')]);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: Buffer.from(token.iv, 'base64'), additionalData: aadOf(token.keyId) }, aes, sealed);
  return JSON.parse(Buffer.from(plain).toString('utf8'));
}

async function makeTokens(publicKey, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) tokens.push((await encryptCard({ ...card, publicKey, keyId: 'bench' })).encryptedCard);
  return tokens;
}

/** Runs `decrypt` over `chunk` with `inFlight` workers; resolves the milliseconds taken. */
async function timeChunk(decrypt, chunk, inFlight) {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < chunk.length) await decrypt(chunk[next++]);
  }));
  return performance.now() - start;
}

async function measure(bits, count, inFlight) {
  const privatePem = readSharedKey(`rsa-${bits}-private.pem`);
  const keyObject = createPrivateKey(privatePem);
  const webKey = await crypto.subtle.importKey('pkcs8', keyObject.export({ type: 'pkcs8', format: 'der' }), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
  const decryptor = await createDecryptor({ keys: { bench: privatePem } });
  const tokens = await makeTokens(readSharedKey(`rsa-${bits}-public.pem`), count + 32);
  const warm = tokens.splice(0, 32);
  const contenders = {
    ours: (token) => decryptor.decrypt(token),
    sync: async (token) => {
      await nextMacrotask(); // one synchronous decrypt per macrotask, as in a request handler
      syncDecrypt(keyObject, token);
    },
    webcrypto: (token) => webCryptoDecrypt(webKey, token),
  };
  if (baselineModule) {
    const baseline = await baselineModule.createDecryptor({ keys: { bench: privatePem } });
    contenders.baseline = (token) => baseline.decrypt(token);
  }
  for (const token of warm.slice(0, 16)) for (const decrypt of Object.values(contenders)) await decrypt(token).catch(() => {});
  const rounds = 8;
  const size = Math.ceil(count / rounds);
  const totals = Object.fromEntries(Object.keys(contenders).map((name) => [name, { ms: 0, delay: createLoopDelay() }]));
  for (let r = 0; r < rounds; r++) {
    const chunk = tokens.slice(r * size, (r + 1) * size);
    for (const [name, decrypt] of Object.entries(contenders)) {
      totals[name].ms += await totals[name].delay.during(() => timeChunk(decrypt, chunk, inFlight));
    }
  }
  const row = { bits, mode: inFlight === 1 ? 'sequential' : `concurrent x${inFlight}`, decrypts: count };
  for (const [name, { ms, delay }] of Object.entries(totals)) {
    row[name] = { perSecond: Math.round((count / ms) * 1000), loopP99Ms: Number(delay.percentileMs(99).toFixed(2)) };
  }
  row.oursVsSync = Number((row.ours.perSecond / row.sync.perSecond).toFixed(2));
  row.oursVsWebCrypto = Number((row.ours.perSecond / row.webcrypto.perSecond).toFixed(2));
  if (row.baseline) row.oursVsBaseline = Number((row.ours.perSecond / row.baseline.perSecond).toFixed(2));
  return row;
}

export default async function runServerBench({ scale = 1 } = {}) {
  const rows = [];
  for (const inFlight of [1, 64]) {
    rows.push(await measure(2048, Math.round(2000 * scale), inFlight), await measure(4096, Math.round(300 * scale), inFlight));
  }
  return { cores: availableParallelism(), threadpool: process.env.UV_THREADPOOL_SIZE ?? '4 (default)', rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runServerBench({ scale: Number(process.env.BENCH_SCALE ?? 1) });
  process.stdout.write(`service decrypt, not pinned: ${result.cores} cores, UV_THREADPOOL_SIZE ${result.threadpool}, fresh token each, in-memory replay store; one run (a shared machine is noisy)\n`);
  for (const r of result.rows) {
    const cell = (c) => `${String(c.perSecond).padStart(5)}/s p99 ${String(c.loopP99Ms).padStart(6)} ms`;
    process.stdout.write(`  RSA ${r.bits} ${r.mode.padEnd(14)} ours ${cell(r.ours)} | sync ${cell(r.sync)} | webcrypto ${cell(r.webcrypto)} | ours/sync ${r.oursVsSync}x, ours/webcrypto ${r.oursVsWebCrypto}x${r.baseline ? ` | baseline ${cell(r.baseline)}, ours/baseline ${r.oursVsBaseline}x` : ''}\n`);
  }
  process.stdout.write('  goals (2048, 2 cores): concurrent ours >= 1.6x sync, ours event-loop p99 < 10 ms, sequential ours >= 0.95x webcrypto\n');
  process.stdout.write(`${JSON.stringify({ server: result })}\n`);
}
