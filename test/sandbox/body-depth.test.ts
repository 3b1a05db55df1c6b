// A JSON body nested deeper than MAX_BODY_DEPTH (issue 38): 400 naming the limit,
// never a 500 from a walk over it (the Idempotency-Key fingerprint recursed, a
// stack overflow at about 4,000 levels in an 8 KB body, with no credential on
// POST /v1/charge/pay). The depth is measured without recursion.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, depthOf } from '../../packages/sandbox/http/body-depth.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

/** `{"a":[[[ ... 1 ... ]]]}` as text, `levels` deep: one byte a level, each way. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;

describe('a body nested too deep', () => {
  it.each([
    ['POST', '/v1/charge/pay', {}],
    ['POST', '/v1/transaction', { apiKey: API_KEY }],
    ['PUT', '/v1/transaction/cancel', { apiKey: API_KEY }],
  ])('%s %s with an Idempotency-Key and 4,000 levels: 400 naming the limit', async (method, url, headers) => {
    const payload = nested(4000);
    expect(payload.length).toBeLessThan(8_100);
    const answer = await sandbox.app.inject({ method: method as 'POST', url, payload, headers: { 'content-type': 'application/json', 'Idempotency-Key': `deep-${url}`, ...headers } });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'SchemaValidationException', error_messages: [{ msg: expect.stringContaining(`deeper than ${MAX_BODY_DEPTH} levels`) }] });
  });

  it(`${MAX_BODY_DEPTH} levels are read (the route judges the body); ${MAX_BODY_DEPTH + 1} are refused for depth`, async () => {
    const send = (levels: number) => sandbox.app.inject({ method: 'POST', url: '/v1/transaction', headers: { 'content-type': 'application/json', apiKey: API_KEY },
      payload: JSON.stringify({ companyId: COMPANY, amount: 1000, paymentProfile: PAID_PROFILE, metadata: JSON.parse(nested(levels - 1)) }) });
    const within = JSON.parse((await send(MAX_BODY_DEPTH)).body);
    expect(JSON.stringify(within)).not.toContain('levels');
    const beyond = await send(MAX_BODY_DEPTH + 1);
    expect([beyond.statusCode, JSON.parse(beyond.body).error_messages[0].msg]).toEqual([400, expect.stringContaining(`deeper than ${MAX_BODY_DEPTH} levels`)]);
  });

  it('the description states the limit', async () => {
    expect(JSON.stringify(sandbox.app.swagger())).toContain(`nested deeper than ${MAX_BODY_DEPTH} levels`);
  });
});

describe('depthOf', () => {
  const reference = (value: unknown): number => (value !== null && typeof value === 'object'
    ? 1 + Math.max(0, ...Object.values(value).map(reference)) : 0);
  it('property: the depth of any JSON value, as a recursive count gives it (up to the limit)', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
      expect(Math.min(depthOf(value, 100), 100)).toBe(reference(value));
    }));
  });
  it('a million levels are measured without a stack overflow, stopping past the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(depthOf(deep)).toBe(MAX_BODY_DEPTH + 1);
  });
});
