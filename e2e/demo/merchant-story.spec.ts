// @engines chromium
// A merchant's integration against the sandbox, with a real browser for the
// card: product with installment plans, client, v2 subscription; the test
// clock makes the charge OVERDUE; <svc-card-form> on the demo page makes the
// token that pays it; the signed transaction.created arrives; cancel; an alert
// raised and resolved; a restart on the same data folder finds it all. Written
// against the engine-neutral page, so it runs in WebKitGTK too.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type Demo } from '../../demo/start-demo.mjs';
import { PAID_CARD } from '../support/cards.mjs';
import { checkoutUrl, submit, typeCard } from '../support/checkout.js';
import { expect, test } from '../support/engine-fixture.js';
import { testKeysDir } from '../support/demo-keys.mjs';
import { checkedFetch } from '../../test/sandbox/support/openapi-check.js';

const COMPANY = 'company_demo';
const headers = { 'content-type': 'application/json', apiKey: 'sbx_demo.sandbox-secret-not-for-production' };

test('product, client, v2 subscription, clock past due, pay with the element\'s token, signed webhook, cancel, alert, restart', async ({ enginePage: page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-story-'));
  const hooks: { body: string; signature: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => { hooks.push({ body, signature: String(request.headers['svc-signature']) }); response.writeHead(200).end(); });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  let demo: Demo | undefined;
  try {
    demo = await startDemo({ port: 0, keysDir: testKeysDir(), sandboxDataDir: dataDir });
    // Every answer the story sees is checked against the sandbox's /openapi.json.
    const api = (method: string, path: string, body?: unknown) =>
      checkedFetch(demo!.sandboxUrl, path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const hook = (await api('POST', '/sandbox/v1/webhooks', { companyId: COMPANY, url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/` })).body;
    const product = (await api('POST', '/v1/product', {
      companyId: COMPANY, product: { price: 129.9, title: 'Café mensal', warranty: 7 },
      charge: { frequencyDays: 30, deniedIntervalDays: 2, maxDeniedAttempts: 3, invoiceIdentification: 'CAFE', paymentMethod: [{ type: 'CREDIT_CARD', active: true, installments: [{ installment: 1, totalAmount: 129.9 }, { installment: 3, fee: 1.5, totalAmount: 131.85, installmentAmount: 43.95 }] }] },
    })).body;
    const client = (await api('POST', '/v1/client', { companyId: COMPANY, name: 'Maria da Silva', doc: '529.982.247-25', email: 'maria@example.com' })).body;
    const today = (await api('GET', `/sandbox/v1/clock?companyId=${COMPANY}`)).body.now.slice(0, 10);
    const { subscription, charge } = (await api('POST', '/v2/subscription', { companyId: COMPANY, productId: product._id, clientId: client._id, dueDate: today, paymentMethod: 'CREDIT_CARD' })).body;
    expect([subscription.status, charge.status]).toEqual(['CREATED', 'ACTIVE']);
    expect((await api('POST', '/sandbox/v1/clock/advance', { companyId: COMPANY, days: 1 })).body.moves).toEqual(
      [expect.objectContaining({ row: 5, id: charge._id, to: 'OVERDUE' }), expect.objectContaining({ row: 5, id: subscription._id, to: 'OVERDUE' })]);

    // The element on the demo page encrypts the card; the merchant's server would forward the token: take it there.
    // The story's listener on window, in the capture phase, comes first and keeps the event from the page's own
    // POST (which would spend the single-use token); WebDriver has no page.route, so this works in every engine.
    await page.goto(checkoutUrl(demo.url));
    await page.evaluate(() => window.addEventListener('svc-encrypted', (event) => {
      event.stopImmediatePropagation();
      (window as unknown as { storyToken: unknown }).storyToken = (event as CustomEvent<{ encryptedCard: unknown }>).detail.encryptedCard;
    }, { capture: true, once: true }));
    await typeCard(page, PAID_CARD);
    await submit(page);
    let token: unknown = null;
    await expect.poll(async () => (token = await page.evaluate(() => (window as unknown as { storyToken?: unknown }).storyToken ?? null))).not.toBeNull();
    const paid = (await checkedFetch(demo.sandboxUrl, '/v1/charge/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: 'sandbox-captcha-ok', token }) })).body;
    // Paid after OVERDUE: RECOVERED (issue 23, the description's "Billing statuses").
    expect(paid).toMatchObject({ charge: { status: 'RECOVERED' }, transaction: { status: 'PAID', amount: { value: 12990 }, card: { last4: '1111' } } });

    await expect.poll(() => hooks.find((h) => JSON.parse(h.body).type === 'transaction.created'), { timeout: 60_000 }).toBeTruthy();
    const created = hooks.find((h) => JSON.parse(h.body).type === 'transaction.created')!;
    const { t, v1 } = Object.fromEntries(created.signature.split(',').map((part) => part.split('=')));
    expect(timingSafeEqual(createHmac('sha256', hook.secret).update(`${t}.${created.body}`).digest(), Buffer.from(v1!, 'hex'))).toBe(true);
    expect(JSON.parse(created.body).data.transaction._id).toBe(paid.transaction._id);

    expect((await api('PUT', '/v1/subscription/cancel', { companyId: COMPANY, subscriptionId: subscription._id })).body.success).toBe(true);
    const alert = (await api('POST', '/sandbox/v1/alerts', { companyId: COMPANY, transactionId: paid.transaction._id, type: 'NETWORK_B' })).body;
    expect((await api('POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: alert._id })).body).toEqual({});

    await demo.close();
    demo = await startDemo({ port: 0, keysDir: testKeysDir(), sandboxDataDir: dataDir });
    const full = (await api('GET', `/v1/subscription/full?subscriptionId=${subscription._id}`)).body;
    expect(full).toMatchObject({ status: 'CANCELED_MANUAL', charges: [{ _id: charge._id, status: 'RECOVERED' }], transactions: [{ _id: paid.transaction._id }] });
    expect((await api('GET', `/v1/alert?status=RESOLVED`)).body.items.map((a: { _id: string }) => a._id)).toContain(alert._id);
  } finally {
    await demo?.close();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
