// @engines chromium
// README's quick start in a browser (issue 41, item 3): `npx @svc-card/sandbox` (its CLI, from the
// sources) and README's checkout-server.mjs + checkout.js as written, in a fresh folder with
// @svc-card/client and svc-card linked in. A shopper types a test card and presses Pay: the page
// says it is paid and the order is paid by the verified webhook; a declined card is one text
// beside Pay, not the issuer's reason. Chromium; needs `npm run build` and the client built (`npm run build -w @svc-card/client`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { DECLINED_CARD, PAID_CARD } from '../support/cards.mjs';
import { typeCard } from '../support/checkout.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { codeBlocks } from '../../test/package/support/readme-blocks.js';

const ROOT = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
let dir: string;
let shop: string;

/** Starts `command`, resolving its stdout once `ready` matches it. */
function start(command: string, args: string[], cwd: string, env: Record<string, string>, ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let printed = '';
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk;
      const match = ready.exec(printed);
      if (match) done(match);
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited ${code}: ${printed}`)));
  });
}
const freePort = () => new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => done(port));
  });
});

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const [, sandboxUrl] = await start(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'packages/sandbox/cli.ts'), '--memory', '--port', '0', '--keys', testKeysDir()], ROOT, {}, /Sandbox payments API: (\S+)\n/);
  dir = mkdtempSync(join(tmpdir(), 'svc-quick-start-'));
  mkdirSync(join(dir, 'node_modules/@svc-card'), { recursive: true });
  symlinkSync(join(ROOT, 'packages/client'), join(dir, 'node_modules/@svc-card/client'));
  symlinkSync(ROOT, join(dir, 'node_modules/svc-card'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  const blocks = codeBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  for (const file of ['checkout-server.mjs', 'checkout.js']) writeFileSync(join(dir, file), blocks.find((b) => b.code.startsWith(`// ${file}`))!.code);
  const port = await freePort();
  [, shop] = await start(process.execPath, ['checkout-server.mjs'], dir, { PORT: String(port), SVC_API_URL: sandboxUrl! }, /Checkout: (\S+)\/\n/) as unknown as [string, string];
});
test.afterAll(() => {
  for (const child of children.reverse()) child.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a test card pays: the page says paid, and the verified webhook marks the order paid', async ({ page }) => {
  await page.goto(`${shop}/`);
  const orderId = (await page.locator('form[data-order]').getAttribute('data-order'))!;
  await expect.poll(() => page.evaluate(() => (document.querySelector('svc-card-form') as HTMLElement & { ready?: boolean })?.ready === true)).toBe(true);
  await typeCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: /^Pay R\$ 19,90$/ }).click();
  // Declined: one text beside Pay, never the issuer's reason; the order still open.
  await expect(page.getByRole('status').filter({ hasText: 'The card was declined: try another card or another way to pay.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Declined by the issuer')).toHaveCount(0);
  expect(await (await fetch(`${shop}/orders/${orderId}`)).json()).toEqual({ status: 'open' });
  await page.getByLabel('Card number').fill('');
  await page.getByLabel('Card number').pressSequentially(PAID_CARD.number.replace(/\s/g, ''));
  await page.getByRole('button', { name: /^Pay R\$ 19,90$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paid: thank you!' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await (await fetch(`${shop}/orders/${orderId}`)).json()).status, { timeout: 20_000 }).toBe('paid');
});
