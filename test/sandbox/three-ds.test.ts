// 3-D Secure (issue 23, PENDING_3DS): the challenge cards answer PENDING_3DS with a
// challenge page on the service's origin; completing, failing or letting it expire on
// the test clock moves the transaction (and its charge) once, with events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { makeClient, makeProduct } from './support/fixtures.js';
import { checkAgainstDescription } from './support/openapi-check.js';
import { COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';
import { CHALLENGE_PROFILE, FAILS_CHALLENGE_PROFILE, FRICTIONLESS_PROFILE } from '../../test-support/cards.mjs';

const CHALLENGE = CHALLENGE_PROFILE.cardNumber;
const FAILS = FAILS_CHALLENGE_PROFILE.cardNumber;
const FRICTIONLESS = FRICTIONLESS_PROFILE.cardNumber;

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const pay = async (cardNumber: string, extra: Record<string, unknown> = {}) =>
  (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 2500, paymentProfile: { ...PAID_PROFILE, cardNumber }, ...extra })).body;
const full = async (transactionId: string) => (await call(sandbox, 'GET', `/v1/transaction/full?transactionId=${transactionId}`)).body;
const pathOf = (url: string) => new URL(url).pathname;

/** The challenge page (HTML): inject, then checked against the description like every answer. */
async function page(method: 'GET' | 'POST', url: string) {
  // POST as the page's form sends it: an empty url-encoded body.
  const response = await sandbox.app.inject({ method, url, ...(method === 'POST' ? { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });
  const answer = { status: response.statusCode, headers: response.headers, body: response.headers['content-type']?.toString().startsWith('application/json') ? JSON.parse(response.body) : response.body };
  checkAgainstDescription(sandbox.app.swagger() as never, method, url, answer);
  return answer;
}
const eventsOf = async (transactionId: string) =>
  (await sandbox.db.query<{ type: string; status: string }>("SELECT type, data->'data'->'transaction'->>'status' AS status FROM events WHERE data->'data'->'transaction'->>'_id' = $1 ORDER BY created_at, id", [transactionId]));

describe('3-D Secure on POST /v1/transaction', () => {
  it('a challenge card answers PENDING_3DS with a one-time challenge URL on the service\'s origin, and no acquirer yet', async () => {
    const transaction = await pay(CHALLENGE);
    expect(transaction).toMatchObject({ status: 'PENDING_3DS', threeDS: { flow: 'challenge', result: 'PENDING' }, nextAction: { type: 'THREE_DS_CHALLENGE' } });
    expect(transaction.acquirer).toBeUndefined();
    const url = new URL(transaction.nextAction.url);
    expect(url.origin).toBe('http://localhost');
    expect(url.pathname).toMatch(/^\/sandbox\/3ds\/challenge\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(transaction.nextAction.expiresAt) - Date.parse(transaction.createdAt)).toBeGreaterThan(10 * 60_000 - 1000);
    expect((await pay(CHALLENGE)).nextAction.url).not.toBe(transaction.nextAction.url);
  });

  it('the challenge page is HTML in pt-BR (en with ?lang=en) under a strict CSP with no inline script', async () => {
    const transaction = await pay(CHALLENGE);
    const pt = await page('GET', pathOf(transaction.nextAction.url));
    expect(pt.status).toBe(200);
    expect(pt.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(pt.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(pt.body).toMatch(/<html lang="pt-BR">/);
    expect(pt.body).toContain('R$\u00a025,00');
    expect(pt.body).toContain('final 3220');
    expect(pt.body).not.toMatch(/<script>|<script [^>]*>[^<]|\son\w+=/);
    const en = await page('GET', `${pathOf(transaction.nextAction.url)}?lang=en`);
    expect(en.body).toMatch(/<html lang="en">[\s\S]*Authenticate purchase/);
    const script = await sandbox.app.inject({ method: 'GET', url: '/sandbox/3ds/challenge.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('completing the challenge makes it PAID with the provider\'s answer, once: transaction.created then transaction.updated', async () => {
    const transaction = await pay(CHALLENGE);
    const ended = await page('POST', `${pathOf(transaction.nextAction.url)}/complete`);
    expect(ended.body).toContain('data-status="PAID"');
    const paid = await full(transaction._id);
    expect(paid).toMatchObject({ status: 'PAID', threeDS: { flow: 'challenge', result: 'AUTHENTICATED' }, acquirer: { provider: expect.any(String) } });
    expect(paid.nextAction).toBeUndefined();
    expect(paid.tid).toBe(paid.acquirer.tid);
    // The reference ends nothing more: failing it now changes nothing.
    const again = await page('POST', `${pathOf(transaction.nextAction.url)}/fail`);
    expect(again.body).toContain('data-status="PAID"');
    expect((await full(transaction._id)).status).toBe('PAID');
    expect(await eventsOf(transaction._id)).toEqual([{ type: 'transaction.created', status: 'PENDING_3DS' }, { type: 'transaction.updated', status: 'PAID' }]);
  });

  it('capture false: completing the challenge leaves it AUTHORIZED', async () => {
    const transaction = await pay(CHALLENGE, { capture: false });
    await page('POST', `${pathOf(transaction.nextAction.url)}/complete`);
    expect((await full(transaction._id)).status).toBe('AUTHORIZED');
  });

  it('the shopper\'s "do not authenticate" declines it; the second card declines even when completed', async () => {
    const refused = await pay(CHALLENGE);
    expect((await page('POST', `${pathOf(refused.nextAction.url)}/fail`)).body).toContain('data-status="DECLINED"');
    expect(await full(refused._id)).toMatchObject({ status: 'DECLINED', message: '3-D Secure authentication failed', threeDS: { result: 'FAILED' } });
    const failing = await pay(FAILS);
    expect(failing.status).toBe('PENDING_3DS');
    await page('POST', `${pathOf(failing.nextAction.url)}/complete`);
    expect(await full(failing._id)).toMatchObject({ status: 'DECLINED', threeDS: { result: 'FAILED' } });
  });

  it('the frictionless card is PAID at once with its 3-D Secure result recorded, no challenge', async () => {
    const transaction = await pay(FRICTIONLESS);
    expect(transaction).toMatchObject({ status: 'PAID', threeDS: { flow: 'frictionless', result: 'AUTHENTICATED' } });
    expect(transaction.nextAction).toBeUndefined();
  });

  it('an unknown reference or action is a 404', async () => {
    const transaction = await pay(CHALLENGE);
    expect((await page('POST', `${pathOf(transaction.nextAction.url)}/maybe`)).status).toBe(404);
    expect((await page('GET', '/sandbox/3ds/challenge/not-a-reference')).status).toBe(404);
    expect((await page('POST', '/sandbox/3ds/challenge/not-a-reference/complete')).status).toBe(404);
  });
});

describe('3-D Secure expiry on the test clock', () => {
  it('unanswered 10 minutes, the clock declines it at its expiresAt (row 14); a later completion changes nothing', async () => {
    const transaction = await pay(CHALLENGE);
    const early = await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: COMPANY, seconds: 9 * 60 });
    expect(early.body.moves).toEqual([]);
    const later = await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: COMPANY, seconds: 61 });
    expect(later.body.moves).toContainEqual({ row: 14, resource: 'transaction', id: transaction._id, to: 'DECLINED' });
    expect(await full(transaction._id)).toMatchObject({ status: 'DECLINED', message: '3-D Secure challenge expired unanswered', threeDS: { result: 'EXPIRED', at: transaction.nextAction.expiresAt }, updatedAt: transaction.nextAction.expiresAt });
    const late = await page('POST', `${pathOf(transaction.nextAction.url)}/complete`);
    expect(late.body).toContain('data-status="DECLINED"');
    expect((await full(transaction._id)).status).toBe('DECLINED');
  });
});

describe('3-D Secure on POST /v1/charge/pay', () => {
  it('the charge waits while PENDING_3DS, then is PAID with charge.paid when the challenge is completed', async () => {
    const clientId = (await makeClient(sandbox))._id;
    const productId = (await makeProduct(sandbox))._id;
    const charge = (await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId, dueDate: '2030-01-10', amount: 10 })).body;
    const paying = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: { ...PAID_PROFILE, cardNumber: CHALLENGE } }, {});
    expect(paying.body.transaction).toMatchObject({ status: 'PENDING_3DS', chargeId: charge._id, nextAction: { type: 'THREE_DS_CHALLENGE' } });
    expect(paying.body.charge.status).toBe('ACTIVE');
    await page('POST', `${pathOf(paying.body.transaction.nextAction.url)}/complete`);
    const [row] = await sandbox.db.query<{ status: string }>('SELECT status FROM charges WHERE id = $1', [charge._id]);
    expect(row!.status).toBe('PAID');
    const events = await sandbox.db.query<{ type: string; status: string }>("SELECT type, data->'data'->'charge'->>'status' AS status FROM events WHERE type = 'charge.paid' AND data->'data'->>'transactionId' = $1", [paying.body.transaction._id]);
    expect(events).toEqual([{ type: 'charge.paid', status: 'PAID' }]);
  });

  it('a failed challenge counts as the charge\'s declined attempt, with charge.payment_failed', async () => {
    const clientId = (await makeClient(sandbox))._id;
    const productId = (await makeProduct(sandbox))._id;
    const charge = (await call(sandbox, 'POST', '/v1/charge', { companyId: COMPANY, clientId, productId, dueDate: '2030-01-10', amount: 10 })).body;
    const paying = await call(sandbox, 'POST', '/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: { ...PAID_PROFILE, cardNumber: FAILS } }, {});
    await page('POST', `${pathOf(paying.body.transaction.nextAction.url)}/complete`);
    const [row] = await sandbox.db.query<{ data: { status: string; attempts: number } }>('SELECT data FROM charges WHERE id = $1', [charge._id]);
    expect(row!.data).toMatchObject({ status: 'ACTIVE', attempts: 1 });
    const failed = await sandbox.db.query("SELECT 1 FROM events WHERE type = 'charge.payment_failed' AND data->'data'->>'transactionId' = $1", [paying.body.transaction._id]);
    expect(failed).toHaveLength(1);
  });
});
