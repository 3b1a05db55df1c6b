// encryptCard (dist/index.js) against bare WebCrypto, warm, in the same process, the RSA key
// imported once (issue 2 "Benchmark", goal <= 1.15x). Two baselines:
//   issue steps  generateKey AES-256, AES-GCM encrypt, wrapKey RSA-OAEP (as the issue lists them)
//   same steps   what encryptCard itself does: one getRandomValues, importKey raw, AES-GCM and
//                RSA-OAEP encrypt; the ratio against this one is the library's own overhead.
// Many short rounds in rotating order, so load from elsewhere hits all sides alike; ratios are
// the median of the per-round ratios. Usage: node bench/core.mjs [rounds] [calls-per-round]
import { webcrypto } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { encryptCard } from '../dist/index.js';

const ROUNDS = Number(process.argv[2] ?? 200);
const CALLS = Number(process.argv[3] ?? 50);
const GOAL = 1.15;
const { subtle } = webcrypto;

const pair = await subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['wrapKey', 'unwrapKey'],
);
const spki = Buffer.from(await subtle.exportKey('spki', pair.publicKey)).toString('base64');
const publicKey = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g).join('\n')}\n-----END PUBLIC KEY-----\n`;
const card = { publicKey, holder: 'MARIA DA SILVA', number: '4111 1111 1111 1111', expMonth: '03', expYear: '2030', securityCode: '123' };

// The bare steps: the same plaintext size and AAD, the key imported once outside the loop.
const importRsa = (usage) => subtle.importKey('spki', Buffer.from(spki, 'base64'), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [usage]);
const rsaWrapKey = await importRsa('wrapKey');
const rsaEncryptKey = await importRsa('encrypt');
const plaintext = new TextEncoder().encode(
  JSON.stringify({ holderName: 'MARIA DA SILVA', cardNumber: '4111111111111111', cardExpiration: '03/2030', cardCvv: '123', iat: 1767225600, jti: 'AAAAAAAAAAAAAAAAAAAAAA' }),
);
const aad = new TextEncoder().encode(Buffer.from('{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"v1"}').toString('base64url'));
async function issueSteps() {
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const cek = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  return Promise.all([
    subtle.wrapKey('raw', cek, rsaWrapKey, { name: 'RSA-OAEP' }),
    subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 }, cek, plaintext),
  ]);
}
async function sameSteps() {
  const random = webcrypto.getRandomValues(new Uint8Array(60));
  const raw = random.subarray(0, 32);
  const cek = await subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  return Promise.all([
    subtle.encrypt({ name: 'RSA-OAEP' }, rsaEncryptKey, raw),
    subtle.encrypt({ name: 'AES-GCM', iv: random.subarray(48), additionalData: aad, tagLength: 128 }, cek, plaintext),
  ]);
}
async function library() {
  const result = await encryptCard(card);
  if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
  return result;
}

async function perCall(fn) {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await fn();
  return ((performance.now() - start) * 1000) / CALLS; // microseconds
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sides = { issue: issueSteps, same: sameSteps, library };
for (let i = 0; i < 20; i++) for (const fn of Object.values(sides)) await perCall(fn); // warm up (JIT, key cache)

// Each round runs the three in a rotated order, so load from elsewhere hits them alike.
const rounds = [];
for (let round = 0; round < ROUNDS; round++) {
  const names = Object.keys(sides);
  const order = [...names.slice(round % 3), ...names.slice(0, round % 3)];
  const us = {};
  for (const name of order) us[name] = await perCall(sides[name]);
  rounds.push(us);
}

const fmt = (n) => n.toFixed(1).padStart(7);
const column = (name) => rounds.map((r) => r[name]);
const ratioTo = (base) => {
  const ratios = rounds.map((r) => r.library / r[base]);
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
};
const issue = ratioTo('issue');
const same = ratioTo('same');
console.log(`node ${process.version}, ${ROUNDS} rounds x ${CALLS} calls each, RSA-2048, medians`);
console.log(`bare, issue steps (generateKey, encrypt, wrapKey): ${fmt(median(column('issue')))} us/call`);
console.log(`bare, same steps as encryptCard (raw CEK):         ${fmt(median(column('same')))} us/call`);
console.log(`encryptCard:                                       ${fmt(median(column('library')))} us/call`);
console.log(`ratio to the issue steps: ${issue.median.toFixed(3)}x (goal <= ${GOAL}x: ${issue.median <= GOAL ? 'met' : 'over'})`);
console.log(`ratio to the same steps:  ${same.median.toFixed(3)}x (the library's own overhead: validation, encoding, cache)`);
console.log(JSON.stringify({ core: { rounds: ROUNDS, calls: CALLS, issueStepsUs: median(column('issue')), sameStepsUs: median(column('same')), encryptCardUs: median(column('library')), ratioToIssueSteps: issue.median, ratioToSameSteps: same.median } }));
