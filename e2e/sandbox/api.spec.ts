// @engines chromium
// The local sandbox of the payments API, over HTTP from Node (no page needed, so
// it runs once, in the chromium project): guard, part-7 error bodies, schema
// validation, decryption through dist/server.js, test cards. The sandbox (packages/sandbox/)
// keeps its records in an in-memory PGlite here.
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../packages/sandbox/server.js';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { SANDBOX_CAPTCHA_TOKEN } from '../../packages/sandbox/auth/guard.js';
import { charges } from '../../packages/sandbox/store/tables.js';
import { CARD_EXPIRATION, DECLINED_CARD, PAID_BIN, PAID_CARD, PAID_LAST4, PAID_NUMBER, PAID_PROFILE } from '../support/cards.mjs';
import { SHARED_PUBLIC_KEY, serverModule } from '../support/decrypt.js';
import { encryptInNode } from '../support/node-encrypt.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { checkedFetch } from '../../test/sandbox/support/openapi-check.js';

const API_KEY = `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`;
const COMPANY = SANDBOX_CREDENTIAL.companies[0]!;
let clockOffsetMs = 0;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

test.beforeAll(async () => {
  const { createDecryptor } = await serverModule();
  const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') }, now: () => Date.now() + clockOffsetMs });
  sandbox = await startSandbox({ decryptor, memory: true });
});
test.afterAll(async () => sandbox?.close());
test.beforeEach(() => { clockOffsetMs = 0; });

/** Every answer is checked against the sandbox's /openapi.json. */
async function call(path: string, body: unknown, headers: Record<string, string> = { apiKey: API_KEY }) {
  return checkedFetch(sandbox.url, path, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
}
const token = (card = PAID_CARD) => encryptInNode(card, SHARED_PUBLIC_KEY);
const transaction = async (extra: Record<string, unknown> = {}) => ({ companyId: COMPANY, amount: 12990, token: await token(), ...extra });

test('without apiKey, or with a wrong secret: 401 unauthorized in the part-7 body', async () => {
  for (const headers of [{} as Record<string, string>, { apiKey: `${SANDBOX_CREDENTIAL.keyId}.wrong` }, { apiKey: 'nodot' }, { 'X-API-Key': API_KEY }]) {
    const { status, body } = await call('/v1/transaction', await transaction(), headers);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'unauthorized', path: '/v1/transaction', metadata: {} });
    expect(body.error_messages[0].msg).toEqual(expect.any(String));
  }
});

test('a company outside the credential: 403 forbidden', async () => {
  const { status, body } = await call('/v1/transaction', await transaction({ companyId: 'someone_else' }));
  expect(status).toBe(403);
  expect(body.code).toBe('forbidden');
});

test('400 SchemaValidationException lists each bad field, token and paymentProfile together naming both', async () => {
  const profile = { ...PAID_PROFILE, holderName: 'A' };
  const { status, body } = await call('/v1/transaction', {
    amount: 129.9, installments: 0, capture: 'yes', token: await token(), paymentProfile: profile, client: { name: 'Ana' },
  });
  expect(status).toBe(400);
  expect(body.code).toBe('SchemaValidationException');
  expect(body.path).toBe('/v1/transaction');
  expect(body.metadata).toEqual({});
  expect(body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(
    ['amount', 'capture', 'client.doc', 'companyId', 'installments', 'paymentProfile', 'token']);
  for (const item of body.error_messages) expect(item).toMatchObject({ type: 'field', location: 'body', msg: expect.any(String) });
  expect(JSON.stringify(body)).not.toContain(PAID_NUMBER);
});

test('a token for a paid test card: PAID, amount in cents, installments default 1', async () => {
  const { status, body } = await call('/v1/transaction', await transaction());
  expect(status).toBe(200);
  expect(body).toMatchObject({ companyId: COMPANY, status: 'PAID', amount: { value: 12990, currency: 'BRL' }, installments: 1, paymentMethod: 'CREDIT_CARD' });
  expect(body._id).toMatch(/^[0-9a-f]{24}$/);
  expect(body.card).toEqual({ bin: PAID_BIN, last4: PAID_LAST4, brand: 'visa', expiration: CARD_EXPIRATION, holderName: PAID_CARD.holder });
});

test('a declined test card: DECLINED; capture false: AUTHORIZED', async () => {
  expect((await call('/v1/transaction', await transaction({ token: await token(DECLINED_CARD) }))).body.status).toBe('DECLINED');
  const authorized = await call('/v1/transaction', await transaction({ capture: false, installments: 3 }));
  expect(authorized.body).toMatchObject({ status: 'AUTHORIZED', installments: 3 });
});

test('a reused token is refused with TOKEN_REUSED; an expired one with TOKEN_EXPIRED', async () => {
  const body = await transaction();
  expect((await call('/v1/transaction', body)).body.status).toBe('PAID');
  const again = await call('/v1/transaction', body);
  expect(again.status).toBe(400);
  expect(again.body).toMatchObject({ code: 'TOKEN_REUSED', error_messages: [{ type: 'field', path: 'token', location: 'body' }] });
  expect(again.body.error_messages[0].msg).toMatch(/already used.*encrypt the card again/);

  const old = await transaction();
  clockOffsetMs = 601_000;
  const expired = await call('/v1/transaction', old);
  expect(expired.status).toBe(400);
  expect(expired.body.code).toBe('TOKEN_EXPIRED');
});

test('a token that is not the 2.7 object: TOKEN_MALFORMED', async () => {
  const { status, body } = await call('/v1/transaction', await transaction({ token: { keyId: 'v1' } }));
  expect(status).toBe(400);
  expect(body.code).toBe('TOKEN_MALFORMED');
});

test('POST /v1/subscription pays the first period with the token', async () => {
  const { status, body } = await call('/v1/subscription', {
    companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', token: await token(),
  });
  expect(status).toBe(200);
  expect(body).toMatchObject({ productId: 'prod_demo_monthly', status: 'ACTIVE', installments: 1, transaction: { status: 'PAID', amount: { value: 2990 } } });
  const missing = await call('/v1/subscription', { companyId: COMPANY, product: {}, paymentMethod: 'CASH' });
  expect(missing.body.error_messages.map((m: { path: string }) => m.path).sort()).toEqual(['paymentMethod', 'product.id']);
});

test('POST /v1/charge/pay needs the sandbox captcha value, not an apiKey', async () => {
  const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 4990 });
  const body = { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', token: await token() };
  const refused = await call('/v1/charge/pay', { ...body, captchaToken: 'wrong' }, {});
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe('unauthorized');
  const paid = await call('/v1/charge/pay', { ...body, captchaToken: SANDBOX_CAPTCHA_TOKEN }, {});
  expect(paid.status).toBe(200);
  expect(paid.body).toMatchObject({ charge: { _id: charge._id, status: 'PAID' }, transaction: { status: 'PAID', installments: 1, amount: { value: 4990 } } });
});

// A second sandbox whose decryptor is the project's, with a replay store that is down
// (fails closed: 503), or whose decrypt throws something unexpected (500).
async function withSandbox(decryptor: Parameters<typeof startSandbox>[0]['decryptor'], run: (url: string, records: typeof sandbox.records) => Promise<void>) {
  const other = await startSandbox({ decryptor, memory: true });
  try { await run(other.url, other.records); } finally { await other.close(); }
}
const post = (url: string, body: unknown) =>
  checkedFetch(url, '/v1/transaction', { method: 'POST', headers: { 'content-type': 'application/json', apiKey: API_KEY }, body: JSON.stringify(body) });

test('an open paymentProfile still works: PAID with the card summary, never the number or code', async () => {
  const { status, body } = await call('/v1/transaction', { companyId: COMPANY, amount: 12990, paymentProfile: { ...PAID_PROFILE } });
  expect(status).toBe(200);
  expect(body).toMatchObject({ status: 'PAID', card: { last4: '1111', expiration: CARD_EXPIRATION, holderName: 'MARIA DA SILVA' } });
  expect(JSON.stringify(body)).not.toContain(PAID_PROFILE.cardNumber);
});

test('token and paymentProfile together on /v1/subscription and /v1/charge/pay: 400 naming both', async () => {
  const both = { token: await token(), paymentProfile: { ...PAID_PROFILE } };
  const subscription = await call('/v1/subscription', { companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', ...both });
  const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 990 });
  const pay = await call('/v1/charge/pay', { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, ...both }, {});
  for (const { status, body } of [subscription, pay]) {
    expect(status).toBe(400);
    expect(body.code).toBe('SchemaValidationException');
    expect(body.error_messages.map((m: { path: string }) => m.path)).toEqual(['token', 'paymentProfile']);
  }
  expect((await charges.get(sandbox.db, COMPANY, charge._id))!.status).toBe('ACTIVE');
});

test('an unknown route: 404 not_found in the part-7 body', async () => {
  const { status, body } = await call('/v1/nothing-here', {});
  expect(status).toBe(404);
  expect(body).toMatchObject({ code: 'not_found', path: '/v1/nothing-here', metadata: {} });
});

test('wrong content type or an oversized body: 400 SchemaValidationException saying which', async () => {
  const send = (headers: Record<string, string>, body: string) =>
    checkedFetch(sandbox.url, '/v1/transaction', { method: 'POST', headers: { apiKey: API_KEY, ...headers }, body });
  const wrongType = await send({ 'content-type': 'text/plain' }, '{}');
  expect(wrongType.status).toBe(400);
  expect(wrongType.body).toMatchObject({ code: 'SchemaValidationException', path: '/v1/transaction', error_messages: [{ msg: expect.stringMatching(/Content-Type/) }] });
  const tooLarge = await send({ 'content-type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(70 * 1024) }));
  expect(tooLarge.status).toBe(400);
  expect(tooLarge.body).toMatchObject({ code: 'SchemaValidationException', error_messages: [{ msg: expect.stringMatching(/larger than/) }] });
});

test('an expired card and a number that is no test card: DECLINED with the reason', async () => {
  const lastYear = `03/${new Date().getUTCFullYear() - 1}`;
  const expired = await call('/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: { ...PAID_PROFILE, cardExpiration: lastYear } });
  expect(expired.body).toMatchObject({ status: 'DECLINED', message: 'Card expired' });
  const stranger = await call('/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: { ...PAID_PROFILE, cardNumber: '4242424242424242' } });
  expect(stranger.body).toMatchObject({ status: 'DECLINED', message: 'Not a sandbox test card' });
});

test('/v1/charge/pay on an unknown charge or one already paid: 400 on _id', async () => {
  const pay = async (_id: string) => call('/v1/charge/pay',
    { _id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, token: await token() }, {});
  const unknown = await pay('no_such_charge');
  expect(unknown.status).toBe(400);
  expect(unknown.body.error_messages).toEqual([expect.objectContaining({ path: '_id', msg: expect.stringMatching(/names no charge/) })]);
  const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 990 });
  expect((await pay(charge._id)).body.charge.status).toBe('PAID');
  const again = await pay(charge._id);
  expect(again.status).toBe(400);
  expect(again.body.error_messages).toEqual([expect.objectContaining({ path: '_id', msg: 'the charge is already paid' })]);
});

test('the replay store down: 503 REPLAY_STORE_UNAVAILABLE, fail closed (no transaction)', async () => {
  const { createDecryptor } = await serverModule();
  const replayStore = { recordOnce: async () => { throw new Error('connection refused'); } };
  const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') }, replayStore });
  await withSandbox(decryptor, async (url, records) => {
    const { status, body } = await post(url, await transaction());
    expect(records.transactions.size).toBe(0);
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'REPLAY_STORE_UNAVAILABLE', error_messages: [{ path: 'token', msg: expect.stringMatching(/retry later/) }] });
  });
});

test('an unexpected failure: 500 unknown_server_error, nothing of the request in the body', async () => {
  const decryptor = { decrypt: async () => { throw new TypeError('unexpected'); } };
  await withSandbox(decryptor, async (url) => {
    const { status, body } = await post(url, await transaction());
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'unknown_server_error', path: '/v1/transaction', metadata: {} });
    expect(body.error_messages).toEqual([{ msg: 'unexpected sandbox error' }]); // not the thrown message
  });
});
