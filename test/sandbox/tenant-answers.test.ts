// Issue 29 items 5, 6 and 7: a JWT's lifetime checked when it is verified,
// the open paymentProfile checked as 4.9 checks the encrypted card, and what
// every answer carries (nosniff, no-store) and how many connections stay open.
import { connect, type Socket } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import { TEST_CARDS } from '../../packages/sandbox/payment/test-cards.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';
import { clockCompany } from './support/clock-company.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const payment = (paymentProfile: Record<string, string> = PAID_PROFILE) => ({ companyId: COMPANY, amount: 100, paymentProfile });
const DAY = 86_400;

describe('JWT lifetime, checked at verification', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const sign = async (claims: { iat?: number; exp?: number }) => {
    let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('svc-card-sandbox').setAudience('svc-card-sandbox').setSubject('sbx_demo');
    if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
    if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
    return jwt.sign(await loadJwtKey(sandbox.db));
  };
  const refusal = async (claims: { iat?: number; exp?: number }) => {
    const answer = await call(sandbox, 'POST', '/v1/transaction', payment(), { token: await sign(claims) });
    return answer.status === 401 ? answer.body.error_messages[0].msg : `accepted (${answer.status})`;
  };

  it('a token without exp, or without iat, is 401 saying which claim is missing', async () => {
    expect(await refusal({ iat: now() - 400 * DAY })).toMatch(/exp/);
    expect(await refusal({ exp: now() + DAY })).toMatch(/iat/);
  });

  it('exp more than 14 days after iat is 401, even when it is still ahead', async () => {
    expect(await refusal({ iat: now(), exp: now() + 3650 * DAY })).toMatch(/14 days/);
    expect(await refusal({ iat: now(), exp: now() + 14 * DAY + 1 })).toMatch(/14 days/);
    expect(await refusal({ iat: now(), exp: now() + 14 * DAY })).toMatch(/^accepted/);
  });

  it('iat in the future past the 60 s tolerance is 401; within it, accepted', async () => {
    expect(await refusal({ iat: now() + 30 * DAY, exp: now() + 31 * DAY })).toMatch(/future/);
    expect(await refusal({ iat: now() + 120, exp: now() + DAY })).toMatch(/future/);
    expect(await refusal({ iat: now() + 30, exp: now() + DAY })).toMatch(/^accepted/);
  });

  it('an expired token is 401 saying it expired', async () => {
    expect(await refusal({ iat: now() - 2 * DAY, exp: now() - DAY })).toMatch(/expired/);
  });
});

describe('the open paymentProfile, checked as 4.9', () => {
  const refused = async (profile: Record<string, string>) => {
    const answer = await call(sandbox, 'POST', '/v1/transaction', payment(profile));
    return answer.status === 400 ? answer.body.error_messages.map((m: { path: string }) => m.path) : answer.status;
  };

  it('cardNumber: 13 to 19 digits once spaces are removed, else 400 on paymentProfile.cardNumber', async () => {
    for (const cardNumber of ['123456789', '411111111111', '41111111111111111111', '4111-1111-1111-1111', '4111111111111111x', ''])
      expect({ cardNumber, refused: await refused({ ...PAID_PROFILE, cardNumber }) }).toEqual({ cardNumber, refused: ['paymentProfile.cardNumber'] });
    const answer = await call(sandbox, 'POST', '/v1/transaction', payment({ ...PAID_PROFILE, cardNumber: '123456789' }));
    expect(answer.body.error_messages[0].msg).toMatch(/paymentProfile\.cardNumber .*13 to 19 digits/);
  });

  it('spaces are not part of the number: "4111 1111 1111 1111  " pays with last four 1111', async () => {
    const answer = await call(sandbox, 'POST', '/v1/transaction', payment({ ...PAID_PROFILE, cardNumber: '4111 1111 1111 1111  ' }));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('PAID');
    expect(JSON.stringify(answer.body)).toContain('"1111"');
    expect(JSON.stringify(answer.body)).not.toContain('11  ');
  });

  it('cardCvv: 3 or 4 digits; holderName not blank; each refusal names its field', async () => {
    for (const cardCvv of ['1', '12', '12345', '12a', ' 123'])
      expect({ cardCvv, refused: await refused({ ...PAID_PROFILE, cardCvv }) }).toEqual({ cardCvv, refused: ['paymentProfile.cardCvv'] });
    expect(await refused({ ...PAID_PROFILE, cardCvv: '1234' })).toBe(200);
    expect(await refused({ ...PAID_PROFILE, holderName: '   ' })).toEqual(['paymentProfile.holderName']);
  });

  it('every test card (14 to 19 digits) still passes the open path', async () => {
    for (const card of TEST_CARDS) {
      const answer = await call(sandbox, 'POST', '/v1/transaction', payment({ ...PAID_PROFILE, cardNumber: card.number }));
      // A card that asks for a 3-D Secure challenge waits for it (three-ds.test.ts).
      const challenged = card.threeDS === 'challenge' || card.threeDS === 'challenge_fails';
      expect({ number: card.number, status: answer.body.status }).toEqual({ number: card.number, status: challenged ? 'PENDING_3DS' : card.status });
    }
  });

  it('the description says it: PaymentProfile carries the patterns', () => {
    const text = JSON.stringify((sandbox.app.swagger() as { paths: unknown }).paths);
    expect(text).toContain('13 to 19 digits');
    expect(text).toContain('3 or 4 digits');
  });
});

describe('headers of every answer, and the connection cap', () => {
  it('success, refusal and the description carry nosniff and no-store', async () => {
    for (const [method, url, body, headers] of [
      ['POST', '/v1/transaction', payment(), { apiKey: API_KEY }],
      ['GET', `/v1/transaction?companyId=${COMPANY}`, undefined, { apiKey: API_KEY }],
      ['GET', `/v1/transaction?companyId=${COMPANY}`, undefined, {}],
      ['GET', '/openapi.json', undefined, {}],
    ] as const) {
      const answer = await call(sandbox, method, url, body, headers);
      expect({ url, status: answer.status, nosniff: answer.headers['x-content-type-options'], cache: answer.headers['cache-control'] })
        .toEqual({ url, status: answer.status, nosniff: 'nosniff', cache: 'no-store' });
    }
  });

  it('/docs carries nosniff and a Content-Security-Policy', async () => {
    const page = await sandbox.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('past maxConnections a new connection is closed at once; the default is 256', async () => {
    expect(sandbox.app.server.maxConnections).toBe(256);
    const small = await memorySandbox({ maxConnections: 3 });
    const sockets: Socket[] = [];
    try {
      const open = () => new Promise<Socket>((resolve) => { const s = connect(small.port, '127.0.0.1', () => resolve(s)); sockets.push(s); });
      for (let i = 0; i < 3; i++) await open();
      const extra = await open();
      const closed = await new Promise<boolean>((resolve) => { extra.once('close', () => resolve(true)); setTimeout(() => resolve(false), 2_000); });
      expect(closed).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
      await small.close();
    }
  });
});

describe('another company\'s record is 403 forbidden (part 5 rule 5, part 7); an unknown id stays 404', () => {
  it('transactions, subscriptions, alerts, charges and batches of another company; unknown ids', async () => {
    const owner = await clockCompany(sandbox);
    const transaction = (await owner.as('POST', '/v1/transaction', { companyId: owner.companyId, amount: 100, paymentProfile: PAID_PROFILE, capture: false })).body;
    const { subscription, charge } = await owner.v2();
    const alert = (await owner.as('POST', '/sandbox/v1/alerts', { companyId: owner.companyId, transactionId: transaction._id, type: 'NETWORK_B' })).body;
    const batch = (await owner.as('POST', '/v1/subscription/list', { companyId: owner.companyId, list: [{ productId: 'x', clientId: 'y', dueDate: '2026-01-01', paymentMethod: 'PIX' }] })).body;
    const other = await clockCompany(sandbox);
    const companyId = other.companyId;
    const tries: [string, string, unknown?][] = [
      ['GET', `/v1/transaction/full?transactionId=${transaction._id}`],
      ['GET', `/v1/transaction/full?tid=${transaction.tid}`],
      ['POST', '/v1/transaction/capture', { companyId, transactionId: transaction._id }],
      ['PUT', '/v1/transaction/cancel', { companyId, tid: transaction.tid }],
      ['GET', `/v1/subscription/full?subscriptionId=${subscription._id}`],
      ['PUT', '/v1/subscription/cancel', { companyId, subscriptionId: subscription._id }],
      ['PUT', '/v1/subscription', { companyId, _id: subscription._id, productId: (await other.full((await other.v2()).subscription._id)).productId }],
      ['POST', '/v1/alert/update/resolved', { companyId, alertId: alert._id }],
      ['POST', '/sandbox/v1/alerts', { companyId, transactionId: transaction._id, type: 'NETWORK_B' }],
      ['POST', '/sandbox/v1/charges/settle', { companyId, chargeId: charge._id, paymentMethod: 'PIX' }],
      ['POST', '/sandbox/v1/charges/expire', { companyId, chargeId: charge._id }],
      ['GET', `/sandbox/v1/subscription/batches/${batch.batchId}`],
    ];
    for (const [method, url, body] of tries) {
      const foreign = await other.as(method, url, body);
      expect([method, url, foreign.status, foreign.body.code]).toEqual([method, url, 403, 'forbidden']);
      const ids = [transaction._id, transaction.tid, subscription._id, alert._id, charge._id, batch.batchId] as string[];
      const unknown = JSON.parse(ids.reduce((text, id) => text.replaceAll(id, `${id}0`), JSON.stringify([url, body ?? null]))) as [string, unknown];
      expect([method, unknown[0], (await other.as(method, unknown[0], unknown[1] ?? undefined)).status]).toEqual([method, unknown[0], 404]);
    }
    // Nothing moved in the owner's company.
    expect((await owner.as('GET', `/v1/transaction/full?transactionId=${transaction._id}`)).body.status).toBe('AUTHORIZED');
    expect((await owner.full(subscription._id)).status).toBe('CREATED');
  });
});
