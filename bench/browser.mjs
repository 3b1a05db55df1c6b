// The script-tag build (dist/svc.js) in Chromium against the bare WebCrypto steps
// in the same page (issue 5 "Browser benchmark"):
//   warm: per-call time once the key is imported/cached (goal <= 1.15x);
//   cold: time to the first token in a fresh page, PEM import included (goal <= 1.2x).
// Two baselines, as in bench/core.mjs:
//   issue steps  generateKey AES-256, AES-GCM encrypt, wrapKey RSA-OAEP (as the issue lists them)
//   same steps   what encryptCard does: one getRandomValues, importKey raw, AES-GCM and RSA-OAEP
//                encrypt; the ratio against this one is the script's own overhead.
// Rounds rotate which side goes first; ratios are medians of per-round ratios.
// Prints numbers only: a slow machine never fails it.
// Usage: node bench/browser.mjs [rounds] [warm calls per round] [cold pages per side]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { PAID_CARD, PAID_PROFILE } from '../test-support/cards.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium-args.mjs';

const ROUNDS = Number(process.argv[2] ?? 30);
const CALLS = Number(process.argv[3] ?? 100);
const COLD_PAGES = Number(process.argv[4] ?? 21);
const GOALS = { warm: 1.15, cold: 1.2 };

const svcJs = readFileSync(new URL('../dist/svc.js', import.meta.url));
const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><script src="/svc.js"></script></head><body></body></html>';
const server = createServer((request, response) => {
  const js = request.url === '/svc.js';
  // Cross-origin isolation: performance.now() at 5 us instead of 100 us resolution.
  response.writeHead(200, {
    'content-type': js ? 'text/javascript' : 'text/html', 'cache-control': 'no-store',
    'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp',
  });
  response.end(js ? svcJs : PAGE);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

// Runs in the page. `side` is 'svc', 'issue' or 'same'; `mode` 'warm' (calls per round) or
// 'cold' (one call in a fresh page). The bare sides do the WebCrypto steps of TOKEN-FORMAT.md:
// PEM -> SPKI import (once), a fresh AES-256 key and IV, AES-GCM with the AAD, the key under
// RSA-OAEP; no validation, no base64 output.
async function inPage({ side, mode, calls, publicKey, typed, profile }) {
  const subtle = crypto.subtle;
  const card = { publicKey, ...typed };
  const encoder = new TextEncoder();
  const aad = encoder.encode(btoa('{"alg":"RSA-OAEP-256","enc":"A256GCM","kid":"v1"}').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
  const importPem = (pem) => {
    const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, '')), (c) => c.charCodeAt(0));
    return subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['wrapKey', 'encrypt']);
  };
  let rsaKey = null;
  const plaintextOf = (jtiBytes) => encoder.encode(JSON.stringify({ ...profile, iat: Math.floor(Date.now() / 1000), jti: btoa(String.fromCharCode(...jtiBytes)) }));
  const issueSteps = async () => {
    rsaKey ??= await importPem(publicKey);
    const plaintext = plaintextOf(crypto.getRandomValues(new Uint8Array(16)));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cek = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
    return Promise.all([
      subtle.wrapKey('raw', cek, rsaKey, { name: 'RSA-OAEP' }),
      subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 }, cek, plaintext),
    ]);
  };
  const sameSteps = async () => {
    rsaKey ??= await importPem(publicKey);
    const random = crypto.getRandomValues(new Uint8Array(60));
    const plaintext = plaintextOf(random.subarray(32, 48));
    const cek = await subtle.importKey('raw', random.subarray(0, 32), 'AES-GCM', false, ['encrypt']);
    return Promise.all([
      subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, random.subarray(0, 32)),
      subtle.encrypt({ name: 'AES-GCM', iv: random.subarray(48), additionalData: aad, tagLength: 128 }, cek, plaintext),
    ]);
  };
  const library = async () => {
    const result = await window.svc.encryptCard(card);
    if (result.hasErrors) throw new Error(JSON.stringify(result.errors));
  };
  const fn = { svc: library, issue: issueSteps, same: sameSteps }[side];
  if (mode === 'cold') {
    const start = performance.now();
    await fn();
    return (performance.now() - start) * 1000;
  }
  await fn(); // the key imported (bare) or cached (svc): warm from here
  const start = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  return ((performance.now() - start) * 1000) / calls;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  if (!(await page.evaluate(() => window.crossOriginIsolated))) console.log('note: page not cross-origin isolated; timer resolution 100 us');
  const publicKey = await page.evaluate(async () => {
    const pair = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['wrapKey', 'unwrapKey']);
    const spki = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))));
    return `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g).join('\n')}\n-----END PUBLIC KEY-----\n`;
  });

  const warm = (side) => page.evaluate(inPage, { side, mode: 'warm', calls: CALLS, publicKey, typed: PAID_CARD, profile: PAID_PROFILE });
  const SIDES = ['svc', 'issue', 'same'];
  const rotated = (round) => SIDES.map((_, i) => SIDES[(i + round) % SIDES.length]);
  for (let i = 0; i < 2; i++) for (const side of SIDES) await warm(side); // JIT warm-up
  const warmRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const us = {};
    for (const side of rotated(round)) us[side] = await warm(side);
    warmRounds.push(us);
  }

  // Cold: a fresh page (new document, empty key cache, unjitted code) per measurement.
  const cold = async (side) => {
    const fresh = await context.newPage();
    await fresh.goto(url);
    const us = await fresh.evaluate(inPage, { side, mode: 'cold', calls: 1, publicKey, typed: PAID_CARD, profile: PAID_PROFILE });
    await fresh.close();
    return us;
  };
  const coldRounds = [];
  for (let round = 0; round < COLD_PAGES; round++) {
    const us = {};
    for (const side of rotated(round)) us[side] = await cold(side);
    coldRounds.push(us);
  }

  const version = browser.version();
  const fmt = (n) => n.toFixed(1).padStart(8);
  const line = (name, rounds, goal, unit) => {
    const at = (side) => fmt(median(rounds.map((r) => r[side])));
    console.log(`${name}: svc.encryptCard ${at('svc')} ${unit}, issue steps ${at('issue')} ${unit}, same steps ${at('same')} ${unit}`);
    for (const base of ['issue', 'same']) {
      const ratios = rounds.map((r) => r.svc / r[base]);
      const ratio = median(ratios);
      const range = `${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`;
      console.log(`  vs ${base} steps: ${ratio.toFixed(3)}x (median of ${rounds.length}, range ${range}); goal <= ${goal}x: ${ratio <= goal ? 'met' : 'over'}`);
    }
  };
  console.log(`Chromium ${version}, dist/svc.js, RSA-2048; warm ${ROUNDS} rounds x ${CALLS} calls, cold ${COLD_PAGES} fresh pages per side; medians`);
  line('warm per call', warmRounds, GOALS.warm, 'us/call');
  line('cold first token', coldRounds, GOALS.cold, 'us     ');
} finally {
  await browser.close();
  server.close();
}
