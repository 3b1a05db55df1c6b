// The cross-field rules (one of two members, both exclusive, a card only with a
// card method) are standard JSON Schema in the description, and each refusal
// names the field it is about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { COMPANY, DEMO_CHARGE, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

describe('the cross-field rules are standard JSON Schema, said by field', () => {
  it('the description has no vendor rule keywords: anyOf of required, not required, if/then', async () => {
    const doc = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body;
    expect(JSON.stringify(doc)).not.toMatch(/"x-(one-required|exclusive|card-for)"/);
    const body = (path: string, method = 'post') => doc.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/v1/transaction')).toMatchObject({ anyOf: [{ required: ['token'] }, { required: ['paymentProfile'] }], not: { required: ['token', 'paymentProfile'] } });
    expect(body('/v1/transaction/capture').anyOf).toEqual([{ required: ['transactionId'] }, { required: ['tid'] }]);
    expect(body('/v1/transaction/cancel', 'put').anyOf).toEqual([{ required: ['transactionId'] }, { required: ['tid'] }]);
    expect(body('/sandbox/v1/clock/advance').anyOf).toEqual([{ required: ['days'] }, { required: ['seconds'] }]);
    expect(body('/v1/charge/pay').allOf[0]).toMatchObject({ if: { properties: { paymentMethod: { enum: ['CREDIT_CARD', 'DEBIT_CARD'] } } }, then: { anyOf: [{ required: ['token'] }, { required: ['paymentProfile'] }] } });
    expect(body('/v1/charge/pay').allOf[1]).toMatchObject({ if: { properties: { paymentMethod: { enum: ['BOLETO', 'PIX'] } } }, then: { properties: { token: false, paymentProfile: false } } });
  });

  it('neither of two: one item, "a or b is required"; both of two: "a and b are exclusive"', async () => {
    expect((await call(sandbox, 'POST', '/v1/transaction/capture', { companyId: COMPANY })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'transactionId', msg: 'transactionId or tid is required' })]);
    expect((await call(sandbox, 'PUT', '/v1/transaction/cancel', { companyId: COMPANY })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'transactionId', msg: 'transactionId or tid is required' })]);
    expect((await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100 })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'token', msg: 'token or paymentProfile is required' })]);
    expect((await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE, token: {} })).body.error_messages).toEqual([
      expect.objectContaining({ path: 'token', msg: 'token and paymentProfile are exclusive: send one, never both' }),
      expect.objectContaining({ path: 'paymentProfile', msg: 'paymentProfile and token are exclusive: send one, never both' }),
    ]);
    expect((await call(sandbox, 'POST', '/sandbox/v1/clock/advance', { companyId: COMPANY })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'days', msg: 'days or seconds is required' })]);
    expect((await call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE, client: { name: 'Ana' } })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'client.doc', msg: 'client.doc or cpf is required' })]);
  });

  it('a body that is not an object (null, a list, text, a number, a boolean) is one item on body: never "token and paymentProfile are exclusive" for members not sent', async () => {
    for (const url of ['/v1/transaction', '/v1/subscription', '/v1/charge/pay'])
      for (const [sent, got] of [[null, 'null'], [[], 'array'], ['x', 'string'], [1, 'number'], [true, 'boolean']] as const)
        expect((await call(sandbox, 'POST', url, sent)).body.error_messages, `${url} ${got}`).toEqual([expect.objectContaining({ path: 'body', msg: `body must be object, got ${got}` })]);
  });

  it('a card payment without a card names the method; PIX with a card names the card field', async () => {
    const pay = (extra: Record<string, unknown>) => call(sandbox, 'POST', '/v1/charge/pay', { _id: DEMO_CHARGE, companyId: COMPANY, captchaToken: SANDBOX_CAPTCHA_TOKEN, ...extra }, {});
    expect((await pay({ paymentMethod: 'DEBIT_CARD' })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'token', msg: 'token or paymentProfile is required with paymentMethod DEBIT_CARD' })]);
    expect((await pay({ paymentMethod: 'BOLETO', token: {} })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'token', msg: 'token must not be sent with paymentMethod BOLETO: only CREDIT_CARD and DEBIT_CARD take a card' })]);
  });
});
