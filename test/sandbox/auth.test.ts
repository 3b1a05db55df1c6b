// Part 5: apiKey and the sandbox's JWT, production-shaped credentials, the
// permission per resource, the company scope; part 7 bodies for each refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import { issueJwt, loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const payment = (companyId = COMPANY) => ({ companyId, amount: 100, paymentProfile: PAID_PROFILE });
const expectRefusal = (answer: { status: number; body: any }, status: number, code: string, msg: RegExp) => {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ code, path: '/v1/transaction', metadata: {} });
  expect(answer.body.error_messages[0].msg).toMatch(msg);
};

describe('credentials', () => {
  it('the apiKey header authenticates; a missing one, a wrong secret or another header name is 401', async () => {
    expect((await call(sandbox, 'POST', '/v1/transaction', payment())).status).toBe(200);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), {}), 401, 'unauthorized', /missing credential/);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { apiKey: 'sbx_demo.wrong' }), 401, 'unauthorized', /invalid apiKey/);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { apiKey: 'nodot' }), 401, 'unauthorized', /<KEY_ID>\.<SECRET>/);
    for (const name of ['Authorization', 'X-API-Key', 'X-Token'])
      expect((await call(sandbox, 'POST', '/v1/transaction', payment(), { [name]: API_KEY })).status).toBe(401);
  });

  it('a production-shaped apiKey or a JWT from another issuer: 401 saying it is not a sandbox credential', async () => {
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { apiKey: 'live_7f3a.secret' }), 401, 'unauthorized', /not a sandbox credential/);
    const foreign = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('https://api.example').setSubject('x').sign(new Uint8Array(32));
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { token: foreign }), 401, 'unauthorized', /not a sandbox credential/);
  });

  it('the token header: a JWT the sandbox issued authenticates for 14 days; expired, forged or garbled is 401', async () => {
    const key = await loadJwtKey(sandbox.db);
    const token = await issueJwt(key, 'sbx_demo');
    expect((await call(sandbox, 'POST', '/v1/transaction', payment(), { token })).status).toBe(200);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 3600 * 1000);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { token: await issueJwt(key, 'sbx_demo', fifteenDaysAgo) }), 401, 'unauthorized', /expired/);
    const thirteenDaysAgo = new Date(Date.now() - 13 * 24 * 3600 * 1000);
    expect((await call(sandbox, 'POST', '/v1/transaction', payment(), { token: await issueJwt(key, 'sbx_demo', thirteenDaysAgo) })).status).toBe(200);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { token: await issueJwt(new Uint8Array(32), 'sbx_demo') }), 401, 'unauthorized', /invalid token/);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { token: 'not-a-jwt' }), 401, 'unauthorized', /must be a JWT/);
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { token: await issueJwt(key, 'sbx_gone') }), 401, 'unauthorized', /no sandbox credential/);
  });

  it('secrets are stored as SHA-256 digests, never as given', async () => {
    const issued = await createCredential(sandbox.db, { permissions: ['transaction.write'], companies: ['c_hash'] });
    const rows = await sandbox.db.query<{ secret_sha256: string }>('SELECT secret_sha256 FROM credentials WHERE key_id = $1', [issued.keyId]);
    expect(rows[0]!.secret_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(issued.secret);
    expect((await call(sandbox, 'POST', '/v1/transaction', payment('c_hash'), { apiKey: issued.apiKey })).status).toBe(200);
  });
});

describe('permissions and company scope', () => {
  it('a credential without transaction.write: 403 forbidden naming the permission', async () => {
    const reader = await createCredential(sandbox.db, { permissions: ['transaction.read'], companies: [COMPANY] });
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment(), { apiKey: reader.apiKey }), 403, 'forbidden', /transaction\.write/);
  });

  it('a companyId outside the credential, in the body: 403 forbidden', async () => {
    expectRefusal(await call(sandbox, 'POST', '/v1/transaction', payment('someone_else')), 403, 'forbidden', /companyId/);
  });

  it('a body\'s companyId names one company: "company_demo,company_demo" (each part the credential\'s) is 400 on companyId, and no record of such a company is made', async () => {
    const twice = `${COMPANY},${COMPANY}`;
    const bodies: [string, string, Record<string, unknown>][] = [
      ['POST', '/v1/transaction', payment(twice)],
      ['POST', '/v1/client', { companyId: twice, name: 'Ana', doc: '52998224725', email: 'ana@example.com' }],
      ['POST', '/v1/product', { companyId: twice, product: { price: 1, title: 'X', warranty: 0 } }],
      ['POST', '/sandbox/v1/clock/advance', { companyId: twice, days: 1 }],
    ];
    for (const [method, url, body] of bodies) {
      const { status, body: answer } = await call(sandbox, method, url, body);
      expect([status, answer.error_messages?.[0]?.path], url).toEqual([400, 'companyId']);
    }
    expect((await call(sandbox, 'GET', `/sandbox/v1/clock?companyId=${encodeURIComponent(twice)}`)).status).toBe(400);
  });
});
