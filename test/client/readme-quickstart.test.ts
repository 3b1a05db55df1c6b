// README's quick start for the merchant's server (checkout-server.mjs) runs as
// written: with @svc-card/client as published (built, linked into a fresh folder),
// against a real sandbox, it forwards a page's token and answers the transaction;
// a refused body comes back as the fields ApiError named.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.mjs';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { codeBlocks } from '../package/support/readme-blocks.js';
import { API_KEY, memorySandbox, tokenFor } from '../sandbox/support/sandbox.js';

const FILE = 'checkout-server.mjs';
const block = codeBlocks(readFileSync('README.md', 'utf8')).find((b) => b.lang === 'js' && b.code.startsWith(`// ${FILE}`));
let sandbox: Sandbox;
let dir: string;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  execFileSync('npm', ['run', 'build', '-w', '@svc-card/client'], { stdio: 'pipe' });
  sandbox = await memorySandbox();
  dir = mkdtempSync(join(tmpdir(), 'svc-client-quickstart-'));
  mkdirSync(join(dir, 'node_modules/@svc-card'), { recursive: true });
  symlinkSync(resolve('packages/client'), join(dir, 'node_modules/@svc-card/client'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant', private: true, type: 'module' }));
  writeFileSync(join(dir, FILE), block!.code);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [FILE], { cwd: dir, env: { ...process.env, PORT: String(port), SVC_API_URL: sandbox.url, SVC_API_KEY: API_KEY }, stdio: 'pipe' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(url, { method: 'POST', body: '' }).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  server?.kill();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(`README has the ${FILE} quick start`, () => expect(block?.code).toContain("from '@svc-card/client'"));

it('the quick start forwards a token from the page and answers the PAID transaction', async () => {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ token: await tokenFor() }) });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { id: string; status: string };
  expect(answer.status).toBe('PAID');
  expect(sandbox.records.transactions.get(answer.id)?.amount.value).toBe(1990);
});

it('a refused token comes back with the code and fields ApiError carries', async () => {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ token: { keyId: 'v1' } }) });
  expect(response.status).toBe(422);
  expect(await response.json()).toMatchObject({ code: expect.stringMatching(/^TOKEN_|SchemaValidationException/), fields: expect.arrayContaining([expect.stringMatching(/^token/)]) });
});
