// A query value is always text, so a type refusal there says how to write it, not "must be
// integer, got string" (GET ...?limit=1.5 said so, though 1.5 is no string to the merchant).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
let c: Awaited<ReturnType<typeof clockCompany>>;
beforeAll(async () => {
  sandbox = await memorySandbox();
  c = await clockCompany(sandbox);
});
afterAll(async () => sandbox?.close());

it('a query value that is not a whole number is refused naming the field and how to write it, not "got string"', async () => {
  for (const limit of ['1.5', 'ten', '']) {
    const answer = await call(sandbox, 'GET', `/v1/transaction?companyId=${c.companyId}&limit=${limit}`, undefined, { apiKey: c.apiKey });
    expect(answer.status, limit).toBe(400);
    const [item, ...rest] = answer.body.error_messages as { path: string; msg: string; location: string }[];
    expect(rest, limit).toEqual([]);
    expect(item, limit).toMatchObject({ path: 'limit', location: 'query', msg: 'limit must be a whole number written in digits, such as 10' });
  }
  // A body member of the wrong type still says what it got (JSON has types).
  const body = await call(sandbox, 'POST', '/v1/transaction', { companyId: c.companyId, amount: '12' }, { apiKey: c.apiKey });
  expect(body.status).toBe(400);
  expect((body.body.error_messages as { msg: string }[]).map((m) => m.msg)).toContain('amount must be integer, got string');
});
