// Defects a merchant integrating against the sandbox met (session 21): each
// test failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

describe('PUT /v1/subscription', () => {
  it('an ended subscription is not updated: 400 on _id naming its status, the record unchanged', async () => {
    const k = await clockCompany(sandbox);
    const subscription = await k.v1();
    await k.as('PUT', '/v1/subscription/cancel', { companyId: k.companyId, subscriptionId: subscription._id });
    const before = await k.full(subscription._id);
    const answer = await k.as('PUT', '/v1/subscription', { _id: subscription._id, companyId: k.companyId, productId: k.product._id });
    expect(answer.status).toBe(400);
    expect(answer.body.error_messages).toEqual([expect.objectContaining({ path: '_id', msg: expect.stringContaining('CANCELED_MANUAL') })]);
    const after = await k.full(subscription._id);
    expect(after).toEqual(before);
  });
});

describe('an ended subscription', () => {
  it('has no nextChargeDate once canceled, refunded with cancelSubscription or ended unpaid: no renewal date shown that will never come', async () => {
    const k = await clockCompany(sandbox, {}, { unsubscription: { type: 'OVERDUE_DAYS', overdueDays: 1 } });
    const canceled = await k.v1();
    expect(canceled.nextChargeDate).toEqual(expect.any(String));
    await k.as('PUT', '/v1/subscription/cancel', { companyId: k.companyId, subscriptionId: canceled._id });
    const refunded = await k.v1();
    await k.as('PUT', '/v1/transaction/cancel', { companyId: k.companyId, transactionId: refunded.transaction._id, cancelSubscription: true });
    const unpaid = await k.v2();
    await k.advance(3);
    for (const [id, status] of [[canceled._id, 'CANCELED_MANUAL'], [refunded._id, 'CANCELED_MANUAL'], [unpaid.subscription._id, 'NO_PAYMENT']] as const) {
      const full = await k.full(id);
      expect(full.status).toBe(status);
      expect(full).not.toHaveProperty('nextChargeDate');
      const listed = (await k.as('GET', `/v1/subscription?companyId=${k.companyId}&status=${status}&limit=100`)).body.items.find((s: { _id: string }) => s._id === id);
      expect(listed).not.toHaveProperty('nextChargeDate');
    }
  });
});

describe('lists and exports', () => {
  it('a range whose end is before its start is refused: 400 on range.end (location query), on lists and exports, never an empty answer taken for no records', async () => {
    const k = await clockCompany(sandbox);
    await k.v1();
    const range = 'range.start=2030-01-01T00:00:00Z&range.end=2020-01-01T00:00:00Z';
    for (const url of [`/v1/subscription?${range}`, `/v1/subscription/exports?${range}`, `/v1/transaction?${range}&sort.property=lastUpdate`, `/v1/alert/exports?${range}`, `/sandbox/v1/payables?${range}`]) {
      const answer = await k.as('GET', url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error_messages, url).toEqual([expect.objectContaining({ path: 'range.end', location: 'query', msg: expect.stringContaining('before range.start') })]);
    }
    // One instant (start = end) is a range, and so is a start with another offset naming an earlier instant.
    expect((await k.as('GET', '/v1/subscription?range.start=2030-01-01T00:00:00Z&range.end=2030-01-01T00:00:00Z')).status).toBe(200);
    expect((await k.as('GET', '/v1/subscription?range.start=2030-01-01T02:00:00%2B03:00&range.end=2030-01-01T00:00:00Z')).status).toBe(200);
  });
});

