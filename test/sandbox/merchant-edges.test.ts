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
