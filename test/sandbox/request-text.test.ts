// Text in a request, wherever it is sent: a NUL or half a surrogate pair in
// any string is a 400 naming the field, never a 500; an emoji is text like any
// other; free-form members nest at most 4 levels; unknown members are dropped;
// a body that is not UTF-8 is refused saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

describe('a NUL (U+0000) in any string is a 400 naming the field, never a 500', () => {
  it.each([
    ['GET', '/v1/transaction/full?transactionId=%00', undefined, 'transactionId'],
    ['GET', '/v1/subscription/exports?clientId=a%00b', undefined, 'clientId'],
    ['GET', '/v1/alert/exports?reference=%00', undefined, 'reference'],
    ['GET', '/v1/client?search=%00', undefined, 'search'],
    ['GET', '/sandbox/v1/products/%00', undefined, 'productId'],
    ['POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', note: 'x\u0000' }, 'note'],
    ['POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', address: { street: { line: 'R\u0000' } } }, 'address.street.line'],
    ['POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', address: { 'k\u0000': 1 } }, 'address'],
    ['POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: { ...PAID_PROFILE, holderName: 'A\u0000' } }, 'paymentProfile.holderName'],
    ['POST', '/sandbox/v1/webhooks', { companyId: COMPANY, url: 'https://x.example/\u0000' }, 'url'],
    ['POST', '/v2/subscription', { companyId: COMPANY, productId: 'p', clientId: 'c', dueDate: '2026-01-01', paymentMethod: 'PIX', metadata: { a: ['\u0000'] } }, 'metadata.a[0]'],
  ])('%s %s', async (method, url, body, field) => {
    const answer = await call(sandbox, method, url, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error_messages).toContainEqual(expect.objectContaining({ path: field, msg: expect.stringMatching(/NUL|must/) }));
  });

  it.each([
    ['POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', note: 'x\ud800y' }, 'note'],
    ['POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', device: { id: '\udc00' } }, 'device.id'],
    ['POST', '/v2/subscription', { companyId: COMPANY, productId: 'p', clientId: 'c', dueDate: '2026-01-01', paymentMethod: 'PIX', externalReference: '\ud83d' }, 'externalReference'],
  ])('a lone surrogate (half an emoji) in a string: %s %s, 400 on the member', async (method, url, body, field) => {
    const answer = await call(sandbox, method, url, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error_messages).toContainEqual(expect.objectContaining({ path: field, msg: `${field} must not contain the NUL character (U+0000) or half of a surrogate pair` }));
  });

  it('an emoji (a whole surrogate pair) is text like any other', async () => {
    const c = await clockCompany(sandbox);
    const answer = await c.as('POST', '/v1/client', { companyId: c.companyId, name: 'Ana', doc: '39053344705', email: 'a@example.com', note: 'obrigado 😀' });
    expect([answer.status, answer.body.note]).toEqual([200, 'obrigado 😀']);
  });

  it('free-form members nest at most 4 levels, and a deeper one is refused saying so', async () => {
    const c = await clockCompany(sandbox);
    const body = (address: unknown, doc: string) => ({ companyId: c.companyId, name: 'Ana', doc, email: 'a@example.com', address });
    expect((await c.as('POST', '/v1/client', body({ a: { b: { c: { d: 1 } } } }, '11144477735'))).status).toBe(200);
    expect((await c.as('POST', '/v1/client', body({ a: { b: { c: { d: { e: 1 } } } } }, '39053344705'))).body.error_messages).toEqual([expect.objectContaining({
      path: 'address.a.b.c.d', msg: 'address.a.b.c.d must be text, a number, a boolean or null here, got object: free-form members nest at most 4 levels',
    })]);
  });

  it('the rule is in the description: every request string carries it', async () => {
    const doc = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body;
    const schema = doc.paths['/v1/client'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.note.pattern).toBe('^[^\\u0000\\uD800-\\uDFFF]*$');
    expect(schema.properties.name.allOf).toContainEqual({ pattern: '^[^\\u0000\\uD800-\\uDFFF]*$' });
    expect(schema.properties.address.propertyNames).toEqual({ type: 'string', pattern: '^[^\\u0000\\uD800-\\uDFFF]*$' });
  });

  it('unknown members of a body are dropped before the handler (ignored, as the description says): a NUL there reaches no database', async () => {
    const answer = await call(sandbox, 'POST', '/v1/product', { companyId: COMPANY, product: { price: 1, title: 'P', warranty: 0, extra: 'x\u0000' }, extra: 'y\u0000' });
    expect(answer.status).toBe(201);
    expect(answer.body.extra).toBeUndefined();
    const stored = await sandbox.db.query<{ data: Record<string, unknown> }>('SELECT data FROM products WHERE id = $1', [answer.body._id]);
    expect(stored[0]!.data.extra).toBeUndefined();
  });
});

describe('a card number that splits an emoji', () => {
  it.each(['/v1/transaction', '/v1/subscription'])('POST %s with "4111111111😀abc" is never a 5xx', async (url) => {
    const c = await clockCompany(sandbox);
    const productId = (await c.full((await c.v2()).subscription._id)).productId;
    const paymentProfile = { ...PAID_PROFILE, cardNumber: '4111111111😀abc' };
    const body = url === '/v1/transaction' ? { companyId: c.companyId, amount: 100, paymentProfile } : { companyId: c.companyId, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile };
    expect((await c.as('POST', url, body)).status).toBeLessThan(500);
  });
});

describe('a body that is not UTF-8', () => {
  it('is 400 saying so (a Latin-1 "Conceição" or "café" was read with U+FFFD in place of each byte, stored in free text and refused on name by the letters rule)', async () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    for (const [url, body] of [
      ['/v1/client', `{"companyId":"${COMPANY}","name":"Maria da Conceição","doc":"04252011000110","email":"m@example.com"}`],
      ['/v1/client', `{"companyId":"${COMPANY}","name":"Ana","doc":"04252011000110","email":"a@example.com","note":"café"}`],
    ] as const) {
      const answer = await sandbox.app.inject({ method: 'POST', url, payload: latin1(body), headers: { apiKey: API_KEY, 'content-type': 'application/json' } });
      expect(answer.statusCode, body).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'SchemaValidationException', error_messages: [{ msg: 'body is not UTF-8: send JSON as UTF-8 text (RFC 8259)' }] });
    }
    const utf8 = await sandbox.app.inject({ method: 'POST', url: '/v1/client', payload: Buffer.from(`\uFEFF{"companyId":"${COMPANY}","name":"Maria da Conceição","doc":"04252011000110","email":"m@example.com"}`, 'utf8'), headers: { apiKey: API_KEY, 'content-type': 'application/json' } });
    expect([utf8.statusCode, JSON.parse(utf8.body).name]).toEqual([200, 'Maria da Conceição']);
  });
});
