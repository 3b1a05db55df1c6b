// Alerts (4.7): raised by the NETWORK_A / NETWORK_B test cards or the sandbox
// call; list with filters, exports, resolve; NETWORK_A refunds (money-moves.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';
import { NETWORK_A_PROFILE as NETWORK_A, NETWORK_B_PROFILE as NETWORK_B } from '../../test-support/cards.mjs';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());


describe('alerts', () => {
  it('the NETWORK_A test card pays, raises a NETWORK_A alert and cancels the subscription and its charge', async () => {
    const sub = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', paymentProfile: NETWORK_A })).body;
    expect(sub.transaction.status).toBe('PAID');
    const listed = (await call(sandbox, 'GET', `/v1/alert?type=NETWORK_A&card=0259`)).body;
    expect(listed.items).toEqual([expect.objectContaining({ type: 'NETWORK_A', status: 'REFUNDED', transactionId: sub.transaction._id, payment: { bin: '400000', last4: '0259', paymentMethod: 'CREDIT_CARD' }, values: { amount: 2990, currency: 'BRL' } })]);
    const full = (await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${sub._id}`)).body;
    expect(full).toMatchObject({ status: 'CANCELED_ALERT_NETWORK_A', active: false, charges: [{ status: 'CANCELED_ALERT_NETWORK_A' }] });
  });

  it('NETWORK_B raises an alert and cancels nothing; the sandbox call raises one on any transaction', async () => {
    const paid = (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 700, paymentProfile: NETWORK_B })).body;
    expect((await call(sandbox, 'GET', `/v1/alert?type=NETWORK_B`)).body.items[0]).toMatchObject({ transactionId: paid._id, status: 'CREATED' });
    const other = (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 800, paymentProfile: PAID_PROFILE })).body;
    const raised = await call(sandbox, 'POST', '/sandbox/v1/alerts', { companyId: COMPANY, transactionId: other._id, type: 'NETWORK_B', externalReference: 'ref-42' });
    expect(raised.body).toMatchObject({ type: 'NETWORK_B', externalReference: 'ref-42', values: { amount: 800 } });
    expect((await call(sandbox, 'GET', '/v1/alert?reference=ref-42')).body.total).toBe(1);
    expect((await call(sandbox, 'POST', '/sandbox/v1/alerts', { companyId: COMPANY, transactionId: 'nope', type: 'NETWORK_B' })).status).toBe(404);
  });

  it('a type raised again on the same transaction (the same day, or after resolving) answers the alert already there: no duplicate, no second event or move', async () => {
    const sub = (await call(sandbox, 'POST', '/v1/subscription', { companyId: COMPANY, product: { id: 'prod_demo_monthly' }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE })).body;
    const raise = (type: string) => call(sandbox, 'POST', '/sandbox/v1/alerts', { companyId: COMPANY, transactionId: sub.transaction._id, type });
    const first = (await raise('NETWORK_A')).body;
    const canceled = (await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${sub._id}`)).body;
    expect(canceled.status).toBe('CANCELED_ALERT_NETWORK_A');
    const [again, racing] = await Promise.all([raise('NETWORK_A'), raise('NETWORK_A')]);
    expect([again.body._id, racing.body._id]).toEqual([first._id, first._id]);
    await call(sandbox, 'POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: first._id });
    expect((await raise('NETWORK_A')).body).toMatchObject({ _id: first._id, status: 'RESOLVED' });
    const other = (await raise('NETWORK_B')).body;
    expect(other._id).not.toBe(first._id);
    const rows = await sandbox.db.query<{ type: string }>('SELECT type FROM alerts WHERE transaction_id = $1 ORDER BY type', [sub.transaction._id]);
    expect(rows.map((r) => r.type)).toEqual(['NETWORK_A', 'NETWORK_B']);
    const events = await sandbox.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'alert.created' AND data->'data'->'alert'->>'transactionId' = $1", [sub.transaction._id]);
    expect(events[0]!.n).toBe(2);
    expect((await call(sandbox, 'GET', `/v1/subscription/full?subscriptionId=${sub._id}`)).body.updatedAt).toBe(canceled.updatedAt);
  });

  it('POST /sandbox/v1/alerts/raise: a type raised again on a transaction answers the alert already there and moves nothing; a NOT_FOUND alert cannot be answered (409 on alertId); respond to an unknown alert is 404, another company\'s 403', async () => {
    const paid = (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 650, paymentProfile: PAID_PROFILE })).body;
    const raise = (body: Record<string, unknown>) => call(sandbox, 'POST', '/sandbox/v1/alerts/raise', { companyId: COMPANY, ...body });
    const first = (await raise({ transactionId: paid._id, type: 'NETWORK_A' })).body;
    expect(first.status).toBe('CREATED');
    const [again, racing] = await Promise.all([raise({ transactionId: paid._id, type: 'NETWORK_A' }), raise({ transactionId: paid._id, type: 'NETWORK_A' })]);
    expect([again.body, racing.body]).toEqual([first, first]);
    const notFound = (await raise({ type: 'NETWORK_B', externalReference: 'rdr-unknown' })).body;
    expect(notFound).toMatchObject({ status: 'NOT_FOUND', info: { reason: 'the notice names no transaction' } });
    const respond = (alertId: string, action: string, companyId = COMPANY) => call(sandbox, 'POST', '/sandbox/v1/alerts/respond', { companyId, alertId, action });
    const refused = await respond(notFound._id, 'refund');
    expect(refused.status).toBe(409);
    expect(refused.body.error_messages[0]).toMatchObject({ path: 'alertId', msg: expect.stringMatching(/NOT_FOUND: merchant_refunded is not a move/) });
    expect((await respond('nope', 'acknowledge')).status).toBe(404);
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['alert.write'], companies: ['company_other_alerts'] });
    expect((await call(sandbox, 'POST', '/sandbox/v1/alerts/respond', { companyId: 'company_other_alerts', alertId: first._id, action: 'acknowledge' }, { apiKey })).status).toBe(403);
    expect((await call(sandbox, 'GET', `/v1/alert?reference=rdr-unknown`)).body.items).toEqual([notFound]);
  });

  it('resolve: RESOLVED, answered {}; again changes nothing; unknown 404; 403 without alert.write', async () => {
    const paid = (await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 900, paymentProfile: NETWORK_B })).body;
    const alert = (await call(sandbox, 'GET', '/v1/alert?type=NETWORK_B&sort.direction=desc&limit=1')).body.items[0];
    expect(alert.transactionId).toBe(paid._id);
    expect((await call(sandbox, 'POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: alert._id })).body).toEqual({});
    expect((await call(sandbox, 'POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: alert._id })).status).toBe(200);
    expect((await call(sandbox, 'GET', '/v1/alert?status=RESOLVED')).body.items.map((a: { _id: string }) => a._id)).toContain(alert._id);
    expect((await call(sandbox, 'POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: 'nope' })).status).toBe(404);
    const reader = await createCredential(sandbox.db, { permissions: ['alert.read'], companies: [COMPANY] });
    expect((await call(sandbox, 'POST', '/v1/alert/update/resolved', { companyId: COMPANY, alertId: alert._id }, { apiKey: reader.apiKey })).status).toBe(403);
  });

  it('exports: one JSON array of the filtered alerts; a bad type is 400 on the query', async () => {
    const all = (await call(sandbox, 'GET', '/v1/alert?limit=100')).body;
    const exported = (await call(sandbox, 'GET', '/v1/alert/exports')).body;
    expect(exported.map((a: { _id: string }) => a._id)).toEqual(all.items.map((a: { _id: string }) => a._id));
    expect((await call(sandbox, 'GET', '/v1/alert/exports?type=NETWORK_A')).body.every((a: { type: string }) => a.type === 'NETWORK_A')).toBe(true);
    expect((await call(sandbox, 'GET', '/v1/alert/exports?type=NETWORK_C')).body.error_messages).toEqual([expect.objectContaining({ path: 'type', location: 'query' })]);
  });

  it('exports stream past one batch (2,500 alerts, keyset pages of 1,000) with none lost or repeated', async () => {
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['alert.read'], companies: ['company_many'] });
    await sandbox.db.query(`INSERT INTO alerts (id, company_id, status, created_at, updated_at, type, data)
      SELECT lpad(g::text, 24, '0'), 'company_many', 'CREATED', timestamptz '2030-01-01' + (g % 7) * interval '1 second', timestamptz '2030-01-01', 'NETWORK_B',
        jsonb_build_object('_id', lpad(g::text, 24, '0'), 'companyId', 'company_many', 'status', 'CREATED', 'type', 'NETWORK_B',
          'payment', jsonb_build_object('paymentMethod', 'CREDIT_CARD'), 'info', jsonb_build_object('reason', 'r', 'network', 'NETWORK_B'),
          'values', jsonb_build_object('amount', g, 'currency', 'BRL'), 'createdAt', '2030-01-01T00:00:00.000Z', 'updatedAt', '2030-01-01T00:00:00.000Z')
      FROM generate_series(1, 2500) AS g`);
    const exported = (await call(sandbox, 'GET', '/v1/alert/exports?sort.direction=asc', undefined, { apiKey })).body as { _id: string }[];
    expect(exported).toHaveLength(2500);
    expect(new Set(exported.map((a) => a._id)).size).toBe(2500);
  });
});
