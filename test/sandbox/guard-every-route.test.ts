// Part 5 on every route the app registers (its route table, not a list kept
// here): each credential kind missing or invalid is 401, a credential without
// the route's permission or acting on a foreign company is 403. A route added
// without config.auth fails the first test; every route of the reference's 4.1
// list must be there, with the permission 4.8 gives it.
import { afterAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { GuardedRoute } from '../../packages/sandbox/auth/guard.js';
import { issueJwt, loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import { ALL_PERMISSIONS, type Permission } from '../../packages/sandbox/auth/permissions.js';
import { COMPANY, DEMO_CHARGE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

const REFERENCE_ROUTES = [
  'POST /v1/product', 'POST /v1/transaction', 'GET /v1/transaction', 'GET /v1/transaction/full', 'PUT /v1/transaction/cancel',
  'POST /v1/transaction/capture', 'POST /v1/charge', 'POST /v1/charge/pay', 'POST /v1/subscription', 'POST /v2/subscription',
  'PUT /v1/subscription', 'GET /v1/subscription', 'POST /v1/subscription/list', 'PUT /v1/subscription/cancel',
  'GET /v1/subscription/exports', 'GET /v1/subscription/full', 'POST /v1/client', 'GET /v1/client', 'GET /v1/alert',
  'GET /v1/alert/exports', 'POST /v1/alert/update/resolved',
];
/** Routes answered without a credential: the description, its page, and the captcha-guarded payment. */
const isOpen = ({ url, auth }: GuardedRoute) => auth === 'public' || auth === 'captcha' || url === '/docs' || url.startsWith('/docs/');
const FOREIGN = 'company_not_yours';

const sandbox = await memorySandbox();
afterAll(async () => sandbox?.close());
const jwtKey = await loadJwtKey(sandbox.db);
const routes = sandbox.app.routeTable.filter((route) => route.method !== 'HEAD');
const guarded = routes.filter((route) => !isOpen(route));

/** 4.8: GET reads, any other method writes, the resource named by the path's second segment. */
const referencePermission = ({ method, url }: GuardedRoute) => `${url.split('/')[2]}.${method === 'GET' ? 'read' : 'write'}` as Permission;

/** A credential with these permissions on the demo company, as both headers. */
async function credential(permissions: Permission[]) {
  const issued = await createCredential(sandbox.db, { permissions, companies: [COMPANY] });
  return { apiKey: { apiKey: issued.apiKey }, token: { token: await issueJwt(jwtKey, issued.keyId) } };
}

/** The route called with `companyId` in the query (GET) or the body (any other method). */
const send = (route: GuardedRoute, companyId: string, headers: Record<string, string>) => {
  const url = route.url.replace(/:(\w+)/g, 'x_$1');
  return route.method === 'GET'
    ? call(sandbox, 'GET', `${url}?companyId=${companyId}`, undefined, headers)
    : call(sandbox, route.method, url, { companyId }, headers);
};

describe('the route table', () => {
  it('every route declares its guard (a permission), or is one of the open ones', () => {
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.filter((route) => !ALL_PERMISSIONS.includes(route.auth as Permission))).toEqual([]);
  });

  it('holds every endpoint of 4.1; each but POST /v1/charge/pay needs the permission 4.8 gives it', () => {
    const registered = routes.map((route) => `${route.method} ${route.url}`);
    expect(registered).toEqual(expect.arrayContaining(REFERENCE_ROUTES));
    for (const route of routes.filter((r) => REFERENCE_ROUTES.includes(`${r.method} ${r.url}`) && r.url !== '/v1/charge/pay'))
      expect(`${route.method} ${route.url} ${route.auth}`).toBe(`${route.method} ${route.url} ${referencePermission(route)}`);
    expect(routes.find((r) => r.url === '/v1/charge/pay')?.auth).toBe('captcha');
  });
});

describe.each(guarded.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  const permission = route.auth as Permission;

  it('401 for a missing, invalid, expired or production credential of either kind', async () => {
    const expired = await issueJwt(jwtKey, 'sbx_demo', new Date(Date.now() - 15 * 24 * 3600 * 1000));
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /missing credential/],
      [{ apiKey: 'sbx_demo.wrong-secret' }, /invalid apiKey/],
      [{ apiKey: 'live_1234.secret' }, /not a sandbox credential/],
      [{ token: 'not-a-jwt' }, /must be a JWT/],
      [{ token: expired }, /expired/],
      [{ token: await issueJwt(new Uint8Array(32), 'sbx_demo') }, /invalid token/],
    ];
    for (const [headers, message] of cases) {
      const answer = await send(route, COMPANY, headers);
      expect({ headers, status: answer.status, code: answer.body.code }).toEqual({ headers, status: 401, code: 'unauthorized' });
      expect(answer.body.error_messages[0].msg).toMatch(message);
    }
  });

  it(`403 without ${permission} (every other permission held), by apiKey and by token`, async () => {
    const lacking = await credential(ALL_PERMISSIONS.filter((p) => p !== permission));
    for (const headers of [lacking.apiKey, lacking.token]) {
      const answer = await send(route, COMPANY, headers);
      expect([answer.status, answer.body.code]).toEqual([403, 'forbidden']);
      expect(answer.body.error_messages[0].msg).toContain(permission);
    }
  });

  it(`403 for a foreign company with ${permission} alone; its own company gets past the guard`, async () => {
    const only = await credential([permission]);
    for (const headers of [only.apiKey, only.token]) {
      const foreign = await send(route, FOREIGN, headers);
      expect([foreign.status, foreign.body.code]).toEqual([403, 'forbidden']);
      expect(foreign.body.error_messages[0].msg).toMatch(/companyId/);
      expect([401, 403]).not.toContain((await send(route, COMPANY, headers)).status);
    }
  });
});

describe('POST /v1/charge/pay (captcha, rule 7)', () => {
  const pay = (extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(sandbox, 'POST', '/v1/charge/pay', { _id: DEMO_CHARGE, companyId: COMPANY, paymentMethod: 'PIX', ...extra }, headers);

  it('401 without the captchaToken or with a wrong one, even with a valid apiKey; the right one gets past', async () => {
    const all = await credential([...ALL_PERMISSIONS]);
    for (const [extra, headers] of [[{}, {}], [{ captchaToken: 'wrong' }, {}], [{}, all.apiKey], [{ captchaToken: 'wrong' }, all.token]] as const) {
      const answer = await pay(extra, headers);
      expect([answer.status, answer.body.code]).toEqual([401, 'unauthorized']);
      expect(answer.body.error_messages[0].msg).toMatch(/captcha/);
    }
    expect((await pay({ captchaToken: SANDBOX_CAPTCHA_TOKEN })).status).toBe(200);
  });

  it('a foreign company has no credential to be checked against: its charge is not found there (400 on _id)', async () => {
    const answer = await pay({ captchaToken: SANDBOX_CAPTCHA_TOKEN, companyId: FOREIGN });
    expect(answer.status).toBe(400);
    expect(answer.body.error_messages[0]).toMatchObject({ path: '_id' });
  });
});
