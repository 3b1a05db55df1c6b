// Idempotency-Key on every POST and PUT (issue 22 item 6): a retried request
// answers the first answer again and never pays twice; another body under the
// key is refused; keys are the credential's own; fifty at once run once; the
// key lives 24 hours; waiting on a key in flight is bounded.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { issueJwt, loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox, sharedDecryptor, tokenFor } from './support/sandbox.js';
import { DECLINED_PROFILE } from '../../test-support/cards.mjs';
import { fiftyAtOnce } from './support/idempotency.js';

const DAY_MS = 24 * 3600 * 1000;
let clockMs = Date.now();
let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox({ idempotency: { now: () => clockMs } }); });
afterAll(async () => sandbox?.close());

let keys = 0;
const freshKey = () => `key-${Date.now()}-${keys++}`;
const withKey = (key: string, headers: Record<string, string> = { apiKey: API_KEY }) => ({ ...headers, 'Idempotency-Key': key });
const payBody = (extra: Record<string, unknown> = {}) => ({ companyId: COMPANY, amount: 2500, paymentProfile: PAID_PROFILE, ...extra });
const pay = (key: string, body: Record<string, unknown> = payBody(), headers?: Record<string, string>) =>
  call(sandbox, 'POST', '/v1/transaction', body, withKey(key, headers));
const countTransactions = async (sql: string, params: unknown[]) =>
  Number((await sandbox.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM transactions WHERE ${sql}`, params))[0]!.n);

describe('a retried request with the same key', () => {
  it('answers the first answer again (status, body, Content-Type), marked Idempotent-Replayed: true, and pays once', async () => {
    const key = freshKey();
    const first = await pay(key, payBody({ amount: 3101 }));
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same request, its members in another order and its whitespace changed, is the same request.
    const again = await sandbox.app.inject({
      method: 'POST', url: '/v1/transaction', headers: { 'content-type': 'application/json', ...withKey(key) },
      payload: `{ "paymentProfile": ${JSON.stringify(PAID_PROFILE)},\n "amount": 3101, "companyId": "${COMPANY}" }`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(JSON.parse(again.body)).toEqual(first.body);
    expect(await countTransactions("(data->'amount'->>'value')::int = 3101", [])).toBe(1);
  });

  it('a declined payment replayed is the same decline: one attempt, one DECLINED transaction', async () => {
    const key = freshKey();
    const body = payBody({ amount: 3202, paymentProfile: DECLINED_PROFILE });
    const first = await pay(key, body);
    const again = await pay(key, body);
    expect(first.body.status).toBe('DECLINED');
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countTransactions("(data->'amount'->>'value')::int = 3202", [])).toBe(1);
  });

  it('a one-use card token retried under its key replays the payment instead of TOKEN_REUSED', async () => {
    const key = freshKey();
    const body = { companyId: COMPANY, amount: 3303, token: await tokenFor() };
    const first = await pay(key, body);
    expect(first.body.status).toBe('PAID');
    expect((await pay(key, body)).body).toEqual(first.body);
    expect((await call(sandbox, 'POST', '/v1/transaction', body)).body.code).toBe('TOKEN_REUSED');
  });

  it('a refusal the route made (400 on a charge already paid) is replayed too; a request without a key runs each time', async () => {
    const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 1200 });
    const body = { _id: charge._id, companyId: COMPANY, paymentMethod: 'CREDIT_CARD', captchaToken: SANDBOX_CAPTCHA_TOKEN, paymentProfile: PAID_PROFILE };
    expect((await call(sandbox, 'POST', '/v1/charge/pay', body, {})).status).toBe(200);
    const key = freshKey();
    const refused = await call(sandbox, 'POST', '/v1/charge/pay', body, withKey(key, {}));
    expect(refused.status).toBe(400);
    const again = await call(sandbox, 'POST', '/v1/charge/pay', body, withKey(key, {}));
    expect(again).toMatchObject({ status: 400, body: refused.body, headers: { 'idempotent-replayed': 'true' } });
  });

  it('PUT too: a 204 without a body is replayed as a 204 without a body', async () => {
    const made = (await pay(freshKey(), payBody({ amount: 3404 }))).body;
    const key = freshKey();
    const cancel = () => sandbox.app.inject({ method: 'PUT', url: '/v1/transaction/cancel', headers: { 'content-type': 'application/json', ...withKey(key) }, payload: JSON.stringify({ companyId: COMPANY, transactionId: made._id }) });
    const first = await cancel();
    const again = await cancel();
    expect([first.statusCode, first.body]).toEqual([204, '']);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([204, '', 'true']);
  });
});

describe('a key reused for another request', () => {
  it('another body, path or method under one key: 422 idempotency_key_reused naming the header, nothing paid', async () => {
    const key = freshKey();
    expect((await pay(key, payBody({ amount: 3505 }))).status).toBe(200);
    const other = await pay(key, payBody({ amount: 3506 }));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused', path: '/v1/transaction', error_messages: [{ type: 'field', path: 'Idempotency-Key', location: 'headers' }] });
    expect(other.body.error_messages[0].msg).toMatch(/Idempotency-Key .*another request/);
    expect(await countTransactions("(data->'amount'->>'value')::int = 3506", [])).toBe(0);
    const elsewhere = await call(sandbox, 'POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'ana@example.com' }, withKey(key));
    expect(elsewhere.status).toBe(422);
  });

  it('property: any two different bodies under one key, the second is refused and the first stays the answer', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), fc.boolean(), async (a, b, capture) => {
      fc.pre(a !== b);
      const key = freshKey();
      const first = await pay(key, payBody({ amount: a, capture }));
      expect((await pay(key, payBody({ amount: b, capture }))).status).toBe(422);
      expect((await pay(key, payBody({ amount: a, capture }))).body).toEqual(first.body);
    }), { numRuns: 15 });
  });
});

describe('keys belong to a credential', () => {
  it('another credential with the same key runs its own request; an apiKey and a token of one credential share keys', async () => {
    const other = await createCredential(sandbox.db, { permissions: [...ALL_PERMISSIONS], companies: [COMPANY] });
    const key = freshKey();
    const mine = await pay(key, payBody({ amount: 3606 }));
    const theirs = await pay(key, payBody({ amount: 3606 }), { apiKey: other.apiKey });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body._id).not.toBe(mine.body._id);
    const token = await issueJwt(await loadJwtKey(sandbox.db), other.keyId);
    const byToken = await pay(key, payBody({ amount: 3606 }), { token });
    expect([byToken.body._id, byToken.headers['idempotent-replayed']]).toEqual([theirs.body._id, 'true']);
  });

  it('POST /v1/charge/pay (no credential) keeps keys per companyId', async () => {
    const charge = await sandbox.records.addCharge({ companyId: COMPANY, cents: 1300 });
    const key = freshKey();
    const body = { _id: charge._id, companyId: COMPANY, paymentMethod: 'PIX', captchaToken: SANDBOX_CAPTCHA_TOKEN };
    const first = await call(sandbox, 'POST', '/v1/charge/pay', body, withKey(key, {}));
    expect((await call(sandbox, 'POST', '/v1/charge/pay', body, withKey(key, {}))).body).toEqual(first.body);
    // The same key in another company is that company's own (its charge is unknown there: 400 on _id, run, not replayed).
    const elsewhere = await call(sandbox, 'POST', '/v1/charge/pay', { ...body, companyId: 'company_other' }, withKey(key, {}));
    expect([elsewhere.status, elsewhere.headers['idempotent-replayed']]).toEqual([400, undefined]);
  });
});

describe('concurrency, expiry, bad keys', () => {
  it('fifty concurrent identical POST /v1/transaction with one key (PGlite): one transaction, fifty equal answers', async () => {
    await fiftyAtOnce([sandbox], 4242);
  });

  it('the key lives 24 hours (the sandbox\'s real clock, not the test clock): then the same request runs again', async () => {
    const key = freshKey();
    const body = payBody({ amount: 3707 });
    const first = await pay(key, body);
    clockMs += DAY_MS - 1000;
    expect((await pay(key, body)).body._id).toBe(first.body._id);
    clockMs += 2000;
    const later = await pay(key, body);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body._id).not.toBe(first.body._id);
    expect((await pay(key, payBody({ amount: 3708 }))).status).toBe(422);
  });

  it('an empty key or one over 255 characters: 400 naming the header; 255 characters is a key', async () => {
    for (const bad of ['', 'k'.repeat(256)]) {
      const answer = await pay(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error_messages).toEqual([{ type: 'field', path: 'Idempotency-Key', location: 'headers', msg: `Idempotency-Key must be 1 to 255 characters, got ${bad.length}` }]);
    }
    expect((await pay('k'.repeat(255) + keys++)).status).toBe(400);
    expect((await pay(`${keys++}`.padEnd(255, 'k'))).status).toBe(200);
  });

  it('the description: every POST and PUT takes the header and lists 409 and 422; replays are described', async () => {
    const paths = (sandbox.app.swagger() as unknown as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: object }[]; responses: Record<string, { headers?: object }> }>> }).paths;
    let writes = 0;
    for (const [path, methods] of Object.entries(paths)) for (const [method, operation] of Object.entries(methods)) {
      // The 3-D Secure challenge's buttons (issue 23) are the shopper's form posts, one-time by their reference: no key.
      if (path.startsWith('/sandbox/3ds/')) continue;
      const header = operation.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (method === 'post' || method === 'put') {
        writes++;
        expect(header?.schema, `${method} ${path}`).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['409', '422']));
        for (const [status, answer] of Object.entries(operation.responses).filter(([status]) => /^(2..|400|404)$/.test(status)))
          expect(answer.headers, `${method} ${path} ${status}`).toHaveProperty('Idempotent-Replayed');
      } else expect(header, `${method} ${path}`).toBeUndefined();
    }
    expect(writes).toBeGreaterThan(15);
    expect((sandbox.app.swagger() as { info: { description: string } }).info.description).toMatch(/## Idempotency/);
  });
});

describe('a key in flight', () => {
  it('a second request waits at most the bound, then 409 idempotency_key_in_use; once the first ends, it is replayed', async () => {
    const real = await sharedDecryptor();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const slow = await memorySandbox({
      decryptor: { decrypt: async (token: unknown) => { await gate; return real.decrypt(token); } },
      idempotency: { waitMs: 300 },
    });
    try {
      const body = { companyId: COMPANY, amount: 3808, token: await tokenFor() };
      // Never a hang, even where the wait is not bounded: a call left waiting fails the test after 5 s.
      const send = () => Promise.race([call(slow, 'POST', '/v1/transaction', body, withKey('slow-key')),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref())]);
      const first = send();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waited = await send();
      expect(waited.status).toBe(409);
      expect(waited.body).toMatchObject({ code: 'idempotency_key_in_use', error_messages: [{ path: 'Idempotency-Key', location: 'headers' }] });
      open();
      const done = await first;
      expect(done.body.status).toBe('PAID');
      expect((await send()).body).toEqual(done.body);
    } finally {
      open();
      await slow.close();
    }
  });

  it('a key is in flight for as long as its request runs, however long: 15 minutes on, a retry is 409 and runs nothing; once the first ends, it is replayed', async () => {
    // Before: a claim older than 5 minutes was taken as abandoned, and the retry ran (paid) a second time.
    const real = await sharedDecryptor();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let decrypts = 0;
    let laterMs = 0;
    const long = await memorySandbox({
      decryptor: { decrypt: async (token: unknown) => { if (decrypts++ === 0) await gate; return real.decrypt(token); } },
      idempotency: { now: () => Date.now() + laterMs, waitMs: 200 },
    });
    try {
      const body = { companyId: COMPANY, amount: 4040, token: await tokenFor() };
      const first = call(long, 'POST', '/v1/transaction', body, withKey('long-key'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      laterMs = 15 * 60_000; // the first request has run 15 minutes (the 906 s clock advance of issue 38)
      const retried = await call(long, 'POST', '/v1/transaction', body, withKey('long-key'));
      expect([retried.status, retried.body.code]).toEqual([409, 'idempotency_key_in_use']);
      expect(decrypts).toBe(1);
      open();
      const done = await first;
      expect(done.body.status).toBe('PAID');
      const again = await call(long, 'POST', '/v1/transaction', body, withKey('long-key'));
      expect([again.body, again.headers['idempotent-replayed']]).toEqual([done.body, 'true']);
      const [row] = await long.db.query<{ n: string | number }>("SELECT count(*) AS n FROM transactions WHERE (data->'amount'->>'value')::int = 4040");
      expect(Number(row!.n)).toBe(1);
    } finally {
      open();
      await long.close();
    }
  });

  it('the answer commits with the payment: a failure after the commit (a 500) leaves the answer, and the retry replays it instead of paying again', async () => {
    // Before: the 500 freed the key, and the retry with it made a second payment.
    const fragile = await memorySandbox();
    try {
      const body = { companyId: COMPANY, amount: 4141, paymentProfile: PAID_PROFILE };
      const set = fragile.records.transactions.set;
      // What runs after the route's transaction (ctx.recent.remember) fails once, as a process could fail there.
      fragile.records.transactions.set = () => { throw new Error('failed after the commit'); };
      const failed = await call(fragile, 'POST', '/v1/transaction', body, withKey('commit-key'));
      expect(failed.status).toBe(500);
      fragile.records.transactions.set = set;
      const retried = await call(fragile, 'POST', '/v1/transaction', body, withKey('commit-key'));
      expect([retried.status, retried.body.status, retried.body.amount.value, retried.headers['idempotent-replayed']]).toEqual([200, 'PAID', 4141, 'true']);
      const [row] = await fragile.db.query<{ n: string | number }>("SELECT count(*) AS n FROM transactions WHERE (data->'amount'->>'value')::int = 4141");
      expect(Number(row!.n)).toBe(1);
    } finally {
      await fragile.close();
    }
  });

  it('an answer the sandbox could not give (5xx) is not kept: the retry runs again', async () => {
    let down = true;
    const real = await sharedDecryptor();
    const flaky = await memorySandbox({
      decryptor: { decrypt: async (token: unknown) => { if (down) throw Object.assign(new Error('down'), { code: 'DECRYPTOR_UNAVAILABLE' }); return real.decrypt(token); } },
    });
    try {
      const body = { companyId: COMPANY, amount: 3909, token: await tokenFor() };
      expect((await call(flaky, 'POST', '/v1/transaction', body, withKey('flaky-key'))).status).toBe(503);
      down = false;
      const retried = await call(flaky, 'POST', '/v1/transaction', body, withKey('flaky-key'));
      expect([retried.status, retried.body.status, retried.headers['idempotent-replayed']]).toEqual([200, 'PAID', undefined]);
    } finally {
      await flaky.close();
    }
  });
});
