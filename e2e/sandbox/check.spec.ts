// @engines chromium
// `svc-sandbox check` (packages/sandbox/check/) against two fixture shops on an in-memory sandbox
// (test-support/check-shops/): a correct one (one charge per order, keys, webhooks) passes every
// scenario; a naive one (a transaction per click, no key, 3-D Secure and IN_ANALYSIS as errors, no webhook)
// fails each with the explanation that fits. Chromium only: the check drives Chromium.
import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { runCheck } from '../../packages/sandbox/check/run.js';
import { SCENARIOS } from '../../packages/sandbox/check/scenarios.js';
import type { Verdict } from '../../packages/sandbox/check/report.js';
import { CHECK_ACCESS, startShopWithSandbox } from '../../test-support/check-shops/start.js';

test.describe.configure({ timeout: 600_000 });

/** Each scenario's findings, one line each (empty: passed); a skipped one says so (no pass). */
const byId = (verdicts: Verdict[]) => Object.fromEntries(verdicts.map((v) => [v.scenario.id, v.skipped ? `skipped: ${v.skipped}` : v.findings.map((f) => `${f.problem} -> ${f.fix}`).join('\n')]));

test('a shop with one charge per order, keys and verified webhooks passes every scenario', async ({ browser }) => {
  const { sandbox, shop, close } = await startShopWithSandbox('correct');
  try {
    const verdicts = await runCheck({ checkoutUrl: shop.url, url: sandbox.url, ...CHECK_ACCESS, browser, scenarios: SCENARIOS });
    expect(byId(verdicts)).toEqual(Object.fromEntries(SCENARIOS.map((s) => [s.id, ''])));
  } finally {
    await close();
  }
});

/**
 * The naive shop and its sandbox, started by the first test that needs them and shared by the
 * others: the check judges only the records made after it began and under its own holder names.
 */
let naive: ReturnType<typeof startShopWithSandbox> | undefined;
const naiveShop = () => (naive ??= startShopWithSandbox('naive'));
test.afterAll(async () => {
  const started = naive;
  naive = undefined;
  if (started) await (await started).close();
});

test('the naive shop fails every scenario, each with what went wrong and its fix', async ({ browser }) => {
  const { sandbox, shop } = await naiveShop();
  const found = byId(await runCheck({ checkoutUrl: shop.url, url: sandbox.url, ...CHECK_ACCESS, browser, scenarios: SCENARIOS }));
  for (const id of Object.keys(found)) expect(found[id], id).toMatch(/no webhook is registered for the company, so nothing tells the shop what was paid -> register an endpoint \(POST \/sandbox\/v1\/webhooks\), verify each call with verifyWebhook/);
  expect(found['pay-twice']).toMatch(/paid 2 times for one order \(.*\), each a POST \/v1\/transaction of its own -> make one charge per order.*Idempotency-Key.*disable Pay/);
  for (const id of ['3ds-passed', '3ds-failed', '3ds-abandoned']) expect(found[id], id).toMatch(/a PENDING_3DS payment was never opened: the page showed error \("Payment failed, try again"\) -> PENDING_3DS is not an error: .*handleNextAction/);
  expect(found['in-analysis']).toMatch(/the payment was IN_ANALYSIS \(held for fraud review: it may still be paid\) but the page showed an error \("Payment failed, try again"\) -> IN_ANALYSIS is not a decline: show "waiting".*verified webhook/);
  expect(found['in-analysis']!.split('\n'), 'in-analysis: the held payment and the missing webhook only').toHaveLength(2);
  expect(found['pix-then-card']).toMatch(/paid 2 times for one order .*the PIX or boleto issued first stayed payable, and the bank's settle paid it too/);
  expect(found['network-drop']).toMatch(/\/v1\/transaction carried no Idempotency-Key/);
  expect(found['network-drop']).toMatch(/the order was paid but the page showed an error \("Payment failed, try again"\)/);
  // Where the naive shop's only fault is the missing webhook, that is all it is told.
  for (const id of ['paid', 'declined-then-paid', 'boleto', 'pix-expired', 'webhooks-twice-reordered']) expect(found[id]!.split('\n'), id).toHaveLength(1);
});

test('the command prints one line per scenario and exits 1 on a failure, 2 when it cannot run', async () => {
  const { sandbox, shop } = await naiveShop();
  const run = (...args: string[]) => new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/sandbox/cli.ts', 'check', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    child.on('close', (code) => resolve({ code, out, err }));
  });
  // The two that cannot run end before they reach the browser or the sandbox: they run beside the one that plays.
  const [failed, noBrowser, noUrl] = await Promise.all([
    run(shop.url, '--sandbox', sandbox.url, '--only', 'paid,pay-twice'),
    run(shop.url, '--sandbox', sandbox.url, '--chromium', '/nowhere/chromium'),
    run('--only', 'paid'),
  ]);
  expect(failed.code, failed.err).toBe(1);
  expect(failed.out).toMatch(/^FAIL {2}paid .*\n {6}- no webhook is registered/m);
  expect(failed.out).toMatch(/^FAIL {2}pay-twice .*\n {6}- paid 2 times for one order/m);
  expect(failed.out.trim().split('\n').at(-1)).toBe('2 of 2 scenarios failed: the checkout can lose or double an order\'s payment.');
  expect(noBrowser.code).toBe(2);
  expect(noBrowser.err.trim()).toBe('svc-sandbox check: no browser at /nowhere/chromium (--chromium or SVC_CHECK_CHROMIUM): give the path of a Chromium or Chrome executable');
  expect(noUrl.code).toBe(2);
  expect(noUrl.err).toMatch(/give the checkout page's address/);
});
