// Service-side benchmark (issue 3): decrypts per second on ONE core (the process is pinned
// with `taskset -c 0` when available, UV_THREADPOOL_SIZE=1) for 2048- and 4096-bit keys:
// createDecryptor vs bare node:crypto (privateDecrypt OAEP SHA-256 + aes-256-gcm +
// JSON.parse) in the same run, on the same tokens. Every token is fresh (its own jti) and
// goes through the decryptor's real in-memory replay store once. Two modes:
//   sequential  one decrypt at a time (latency-bound: each WebCrypto call is a thread hop)
//   pipelined   8 decrypts in flight (throughput of a busy service; bare is synchronous anyway)
// Run: npm run build && node bench/server.mjs   (or through bench/run.mjs)
import { constants, createDecipheriv, createPrivateKey, privateDecrypt } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readSharedKey } from '../test-support/shared-vectors.mjs';

const root = resolve(import.meta.dirname, '..');
const { encryptCard } = await import(pathToFileURL(resolve(root, 'dist/index.js')).href);
const { createDecryptor } = await import(pathToFileURL(resolve(root, 'dist/server.js')).href);

const card = { holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2030', securityCode: '123' };
const b64url = (buf) => buf.toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

function bareDecrypt(privateKey, token) {
  const cek = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(token.encryptedKey, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', cek, Buffer.from(token.iv, 'base64'));
  decipher.setAAD(Buffer.from(b64url(Buffer.from(`{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"${token.keyId}"}`))));
  decipher.setAuthTag(Buffer.from(token.authTag, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(token.ciphertext, 'base64')), decipher.final()]).toString('utf8'));
}

async function makeTokens(publicKey, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const result = await encryptCard({ ...card, publicKey, keyId: 'bench' });
    if (result.hasErrors) throw new Error('encryptCard failed');
    tokens.push(result.encryptedCard);
  }
  return tokens;
}

async function timeOurs(decryptor, chunk, inFlight) {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < chunk.length) await decryptor.decrypt(chunk[next++]);
  }));
  return performance.now() - start;
}

async function measure(bits, count, rounds, inFlight) {
  const privatePem = readSharedKey(`rsa-${bits}-private.pem`);
  const publicPem = readSharedKey(`rsa-${bits}-public.pem`);
  const decryptor = await createDecryptor({ keys: { bench: privatePem } });
  const keyObject = createPrivateKey(privatePem);
  const tokens = await makeTokens(publicPem, count + 20);
  for (const token of tokens.splice(0, 20)) {
    await decryptor.decrypt(token); // warm-up, both paths
    bareDecrypt(keyObject, token);
  }
  let oursMs = 0;
  let bareMs = 0;
  const size = Math.ceil(count / rounds);
  for (let r = 0; r < rounds; r++) {
    const chunk = tokens.slice(r * size, (r + 1) * size);
    oursMs += await timeOurs(decryptor, chunk, inFlight);
    const start = performance.now();
    for (const token of chunk) bareDecrypt(keyObject, token);
    bareMs += performance.now() - start;
  }
  const ours = (count / oursMs) * 1000;
  const bare = (count / bareMs) * 1000;
  return { bits, mode: inFlight === 1 ? 'sequential' : `pipelined x${inFlight}`, decrypts: count, oursPerSecond: Math.round(ours), barePerSecond: Math.round(bare), ratio: Number((ours / bare).toFixed(3)) };
}

async function measureAll(scale) {
  const rows = [];
  for (const inFlight of [1, 8]) {
    // alternate the two sides often (every 10 tokens when sequential) so load spikes hit both
    const rounds = (count) => (inFlight === 1 ? Math.ceil(count / 10) : 12);
    const n2048 = Math.round(3000 * scale);
    const n4096 = Math.round(400 * scale);
    rows.push(await measure(2048, n2048, rounds(n2048), inFlight), await measure(4096, n4096, rounds(n4096), inFlight));
  }
  return rows;
}

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Runs the benchmark in a child pinned to one core; resolves {pinned, rows}. */
export default async function runServerBench({ scale = 1 } = {}) {
  const pinned = onPath('taskset');
  const args = [...(pinned ? ['taskset', '-c', '0'] : []), process.execPath, import.meta.filename, '--child'];
  const output = execFileSync(args[0], args.slice(1), {
    env: { ...process.env, UV_THREADPOOL_SIZE: '1', BENCH_SCALE: String(scale) },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return { pinned, rows: JSON.parse(output) };
}

if (process.argv.includes('--child')) {
  process.stdout.write(JSON.stringify(await measureAll(Number(process.env.BENCH_SCALE ?? 1))));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pinned, rows } = await runServerBench({ scale: Number(process.env.BENCH_SCALE ?? 1) });
  process.stdout.write(`service decrypt, ${pinned ? 'one core (taskset -c 0)' : 'NOT pinned (no taskset)'}, UV_THREADPOOL_SIZE=1, fresh token each, in-memory replay store\n`);
  for (const r of rows) {
    process.stdout.write(`  RSA ${r.bits} ${r.mode.padEnd(12)} createDecryptor ${r.oursPerSecond}/s, bare node:crypto ${r.barePerSecond}/s, ratio ${r.ratio} (goal >= 0.9)\n`);
  }
  process.stdout.write(`${JSON.stringify({ server: { pinned, rows } })}\n`);
}
