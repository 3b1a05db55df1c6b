// README's quick start (issue 41, item 3) runs as written: its checkout-server.mjs and
// checkout.js, with @svc-card/client as published (built, linked into a fresh folder) and
// svc-card's built scripts, against a real sandbox on loopback that serves its JWKS. The page
// carries the sandbox's key; a paid order is marked paid by the verified webhook only; a
// decline then a payment make one PAID transaction on the order's one charge; 3-D Secure goes
// back to the page with nextAction and ends, once passed, in a paid order; a payment held for
// fraud review is "waiting" until the review's approval, told by webhook; a forged webhook is refused.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JWKS_PATH, publicJwks } from '../../src/server/index.js';
import { freePort } from '../../test-support/free-port.mjs';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { codeBlocks } from '../package/support/readme-blocks.js';
import { API_KEY, COMPANY, PAID_CARD, PUBLIC_KEY, memorySandbox, tokenFor } from '../sandbox/support/sandbox.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const FILES = ['checkout-server.mjs', 'checkout.js'];
const blocks = codeBlocks(readFileSync('README.md', 'utf8'));
const block = (file: string) => blocks.find((b) => b.lang === 'js' && b.code.startsWith(`// ${file}`));
let sandbox: Sandbox;
let dir: string;
let server: ChildProcess;
let url: string;
let printed = '';

beforeAll(async () => {
  execFileSync('npm', ['run', 'build', '-w', '@svc-card/client'], { stdio: 'pipe' });
  // The sandbox's JWKS, as npx @svc-card/sandbox serves it (cli.ts), for the key its decryptor holds.
  const jwks = await publicJwks({ v1: readSharedKey('rsa-2048-private.pem') });
  sandbox = await memorySandbox({ extensions: [async (app) => { app.get(JWKS_PATH, async () => jwks); }] });
  dir = mkdtempSync(join(tmpdir(), 'svc-client-quickstart-'));
  mkdirSync(join(dir, 'node_modules/@svc-card'), { recursive: true });
  symlinkSync(resolve('packages/client'), join(dir, 'node_modules/@svc-card/client'));
  symlinkSync(resolve('.'), join(dir, 'node_modules/svc-card'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant', private: true, type: 'module' }));
  for (const file of FILES) writeFileSync(join(dir, file), block(file)!.code);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [FILES[0]!], { cwd: dir, env: { ...process.env, PORT: String(port), SVC_API_URL: sandbox.url, SVC_API_KEY: API_KEY }, stdio: ['ignore', 'pipe', 'inherit'] });
  server.stdout!.on('data', (chunk: Buffer) => (printed += chunk));
  for (let i = 0; i < 300 && !printed.includes('Checkout:'); i++) await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  server?.kill();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh order: the page as the shopper's browser gets it, and its order id. */
async function newOrder() {
  const page = await (await fetch(`${url}/`)).text();
  return { page, orderId: /data-order="([^"]+)"/.exec(page)![1]! };
}
const pay = async (orderId: string, number: string) => {
  const response = await fetch(`${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId, token: await tokenFor({ ...PAID_CARD, number }) }) });
  return [response.status, await response.json()] as [number, Record<string, any>];
};
/** The order's status as the page polls it, once the webhook had time to come (or `until` holds). */
async function orderStatus(orderId: string, until = 'paid') {
  let status = '';
  for (let i = 0; i < 100 && status !== until; i++) {
    status = ((await (await fetch(`${url}/orders/${orderId}`)).json()) as { status: string }).status;
    if (status !== until) await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}
const paidTransactions = async () => ((await (await fetch(`${sandbox.url}/v1/transaction?companyId=${COMPANY}&status=PAID&limit=100`, { headers: { apiKey: API_KEY } })).json()) as { items: { chargeId?: string }[] }).items;

it('README has the quick start: the server with @svc-card/client, the page script, listening on 127.0.0.1 only', () => {
  expect(block(FILES[0]!)?.code).toContain("from '@svc-card/client'");
  expect(block(FILES[0]!)?.code).toContain("listen(port, '127.0.0.1'");
  expect(block(FILES[1]!)?.code).toContain('handleNextAction');
  expect(printed).toBe(`Checkout: ${url}/\n`);
});

it('the page carries the element with the sandbox\'s public key (from its JWKS) and the scripts it loads', async () => {
  const { page } = await newOrder();
  const pem = createPublicKey(PUBLIC_KEY).export({ type: 'spki', format: 'pem' }).toString();
  expect(page).toContain(`<svc-card-form name="card" key-id="v1" public-key="${pem}"></svc-card-form>`);
  expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  for (const [path, file] of [['/svc-card-form.js', 'dist/svc-card-form.js'], ['/svc-next-action.js', 'dist/svc-next-action.js'], ['/checkout.js', join(dir, 'checkout.js')]] as const) {
    const script = await fetch(`${url}${path}`);
    expect(script.headers.get('content-type'), path).toBe('text/javascript');
    expect(await script.text(), path).toBe(readFileSync(file, 'utf8'));
  }
});

it('a paid card: the page is told "paid", and the order is paid once the verified webhook came', async () => {
  const { orderId } = await newOrder();
  expect(await orderStatus(orderId, 'open')).toBe('open');
  expect(await pay(orderId, '4111111111111111')).toEqual([200, { status: 'paid' }]);
  expect(await orderStatus(orderId)).toBe('paid');
  // Pressed again: the order's charge is not paid twice.
  expect(await pay(orderId, '4111111111111111')).toEqual([200, { status: 'paid' }]);
});

it('declined, then paid: one charge for the order, one PAID transaction on it; two presses at once pay once', async () => {
  const start = (await paidTransactions()).length;
  const { orderId } = await newOrder();
  expect(await pay(orderId, '4000000000000002')).toEqual([200, { status: 'declined', message: 'The card was declined: try another card or another way to pay.' }]);
  expect(await pay(orderId, '4111111111111111')).toEqual([200, { status: 'paid' }]);
  expect(await orderStatus(orderId)).toBe('paid');
  const paid = await paidTransactions();
  expect(paid.length).toBe(start + 1);
  expect(paid[0]!.chargeId).toEqual(expect.any(String));
  const twice = await newOrder();
  const both = await Promise.all([pay(twice.orderId, '4111111111111111'), pay(twice.orderId, '4111111111111111')]);
  expect(both).toEqual([[200, { status: 'paid' }], [200, { status: 'paid' }]]);
  expect((await paidTransactions()).length).toBe(start + 2);
});

it('3-D Secure: nextAction goes back to the page; the challenge passed, the webhook makes the order paid', async () => {
  const { orderId } = await newOrder();
  const [status, answer] = await pay(orderId, '4000000000003220');
  expect(status).toBe(200);
  expect(answer).toMatchObject({ status: 'action', answer: { transaction: { status: 'PENDING_3DS', nextAction: { type: 'THREE_DS_CHALLENGE', url: expect.stringContaining(sandbox.url) } } } });
  expect(await orderStatus(orderId, 'open')).toBe('open');
  const completed = await fetch(`${answer.answer.transaction.nextAction.url}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(completed.status).toBe(200);
  expect(await orderStatus(orderId)).toBe('paid');
});

it('held for fraud review (IN_ANALYSIS): the page is told "waiting", the order stays open; the review approved, the webhook makes the order paid', async () => {
  const { orderId } = await newOrder();
  expect(await pay(orderId, '4000000000004954')).toEqual([200, { status: 'waiting' }]);
  const held = ((await (await fetch(`${sandbox.url}/v1/transaction?companyId=${COMPANY}&status=IN_ANALYSIS&limit=100`, { headers: { apiKey: API_KEY } })).json()) as { items: { _id: string }[] }).items;
  expect(held).toHaveLength(1);
  expect(await orderStatus(orderId, 'open')).toBe('open');
  const approved = await fetch(`${sandbox.url}/sandbox/v1/transactions/review`, { method: 'POST', headers: { apiKey: API_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ companyId: COMPANY, transactionId: held[0]!._id, decision: 'approve' }) });
  expect(approved.status).toBe(200);
  expect(await orderStatus(orderId)).toBe('paid');
});

it('a webhook not signed with the secret is refused (400) and changes nothing', async () => {
  const forged = await fetch(`${url}/webhooks`, { method: 'POST', headers: { 'svc-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: '{"id":"evt_x","type":"charge.paid","data":{"charge":{"_id":"x"}}}' });
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({ code: 'bad_signature' });
  // Every delivery the sandbox made to the quick start was answered 2xx: verified and acknowledged.
  const deliveries = (await (await fetch(`${sandbox.url}/sandbox/v1/webhooks/deliveries?companyId=${COMPANY}`, { headers: { apiKey: API_KEY } })).json()) as { items: { status: string; answers: { status?: number }[] }[] };
  expect(deliveries.items.length).toBeGreaterThan(3);
  expect(deliveries.items.flatMap((d) => d.answers.map((a) => a.status)).filter((s) => s !== 200)).toEqual([]);
});
