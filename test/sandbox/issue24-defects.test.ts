// Issue 24: what an OpenAPI fuzzer found (answers 500, cut-off exports), the
// reference's 403 for another company's records, the batch limit, one name
// rule for a client, and the cross-field rules in standard JSON Schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MAX } from '../../packages/sandbox/schemas/list.js';
import { BATCH_BODY_LIMIT_BYTES, BATCH_MAX_ITEMS } from '../../packages/sandbox/routes/subscription-batches.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { clockCompany } from './support/clock-company.js';
import { API_KEY, COMPANY, DEMO_CHARGE, PAID_PROFILE, SANDBOX_CAPTCHA_TOKEN, call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

const paths = (answer: { body: { error_messages: { path?: string }[] } }) => answer.body.error_messages.map((m) => m.path);
const LISTS = ['/v1/transaction', '/v1/subscription', '/v1/alert', '/v1/client', '/sandbox/v1/payables'];

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

describe('range.start / range.end: any offset the date-time format allows', () => {
  it.each(LISTS)('%s with +16:00 and -23:59 answers 200', async (list) => {
    for (const at of ['2026-01-01T00:00:00%2B16:00', '2026-01-01T00:00:00-23:59', '2016-12-31T23:59:60Z', '0001-01-01T00:00:00%2B23:59'])
      expect((await call(sandbox, 'GET', `${list}?range.start=${at}&range.end=9999-12-31T23:59:59%2B16:00`)).status).toBe(200);
  });

  it('the offset is read as an instant: a record is inside a range whose bounds name its time in +16:00', async () => {
    const c = await clockCompany(sandbox);
    const { subscription } = await c.v2();
    const created = Date.parse(subscription.createdAt);
    const plus16 = (ms: number) => new Date(ms + 16 * 3_600_000).toISOString().replace('Z', '+16:00');
    const within = await c.as('GET', `/v1/subscription?companyId=${c.companyId}&range.start=${encodeURIComponent(plus16(created))}&range.end=${encodeURIComponent(plus16(created))}`);
    expect(within.body.items.map((s: { _id: string }) => s._id)).toEqual([subscription._id]);
    const after = await c.as('GET', `/v1/subscription?companyId=${c.companyId}&range.start=${encodeURIComponent(plus16(created + 1))}`);
    expect(after.body.total).toBe(0);
  });
});

describe('page has a maximum: page × limit never overflows', () => {
  it.each(LISTS)('%s?page=100000000000000000&limit=100: 400 on page; page at the maximum: 200, empty', async (list) => {
    const huge = await call(sandbox, 'GET', `${list}?page=100000000000000000&limit=100`);
    expect(huge.status).toBe(400);
    expect(paths(huge)).toEqual(['page']);
    const last = await call(sandbox, 'GET', `${list}?page=${PAGE_MAX}&limit=100`);
    expect(last.status).toBe(200);
    expect(last.body.items).toEqual([]);
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

  it('email "0@com", which the email format allows, is accepted', async () => {
    const c = await clockCompany(sandbox);
    const answer = await c.as('POST', '/v1/client', { companyId: c.companyId, name: 'Zero', doc: '11144477735', email: '0@com' });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe('0@com');
  });
});

describe('the description: servers, an operationId per operation, the license', () => {
  it('servers is relative ("/"), every operation has its own operationId, license MIT', async () => {
    const doc = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body;
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/transaction/capture'].post.operationId).toBe('postV1TransactionCapture');
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

describe('POST /v1/subscription/list: the documented 1,000 items fit the body limit', () => {
  it('1,000 realistic items (about 350 bytes each) are queued; the route\'s body limit is above their size', async () => {
    const c = await clockCompany(sandbox);
    const list = Array.from({ length: BATCH_MAX_ITEMS }, (_, i) => ({
      productId: '65f1c0ffee65f1c0ffee0001', clientId: `65f1c0ffee65f1c0ffee${String(i).padStart(4, '0')}`, dueDate: '2026-12-01', paymentMethod: 'CREDIT_CARD',
      origin: 'API', externalReference: `order-2026-${String(i).padStart(6, '0')}-loja-centro`, metadata: { plan: 'anual', channel: 'site', campaign: 'black-friday-2026', seller: 'vendedor-042' },
    }));
    const size = Buffer.byteLength(JSON.stringify({ companyId: c.companyId, list }));
    expect(size).toBeGreaterThan(64 * 1024);
    expect(size).toBeLessThan(BATCH_BODY_LIMIT_BYTES / 2);
    const answer = await c.as('POST', '/v1/subscription/list', { companyId: c.companyId, list });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^1000 subscriptions queued/);
  });

  it('other routes keep 64 KiB; over the route\'s limit is a 400 naming it', async () => {
    const big = { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@example.com', address: { text: 'x'.repeat(70 * 1024) } };
    expect((await call(sandbox, 'POST', '/v1/client', big)).body.error_messages).toEqual([{ msg: 'body larger than 65536 bytes' }]);
    const huge = { companyId: COMPANY, list: [{ productId: 'p', clientId: 'c', dueDate: '2026-01-01', paymentMethod: 'PIX', externalReference: 'x'.repeat(BATCH_BODY_LIMIT_BYTES) }] };
    expect((await call(sandbox, 'POST', '/v1/subscription/list', huge)).body.error_messages).toEqual([{ msg: `body larger than ${BATCH_BODY_LIMIT_BYTES} bytes` }]);
  });
});

describe('one name rule for a client wherever it is created', () => {
  it('"R2-D2 #7" is refused on client.name by POST /v1/transaction and POST /v1/subscription, as on name by POST /v1/client', async () => {
    const c = await clockCompany(sandbox);
    const productId = (await c.full((await c.v2()).subscription._id)).productId;
    const client = { name: 'R2-D2 #7', doc: '39053344705' };
    expect(paths(await c.as('POST', '/v1/client', { companyId: c.companyId, ...client, email: 'r2@example.com' }))).toEqual(['name']);
    expect(paths(await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 100, paymentProfile: PAID_PROFILE, client }))).toEqual(['client.name']);
    expect(paths(await c.as('POST', '/v1/subscription', { companyId: c.companyId, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client }))).toEqual(['client.name']);
  });
});

describe('an active split\'s own rules are JSON Schema too', () => {
  it('the description says them (if active is true: rules required, at least one, each percentage above 0); the answers name the field', async () => {
    const doc = (await call(sandbox, 'GET', '/openapi.json', undefined, {})).body;
    const split = doc.paths['/v1/transaction'].post.requestBody.content['application/json'].schema.properties.split;
    expect(split).toMatchObject({
      if: { properties: { active: { enum: [true] } }, required: ['active'] },
      then: { required: ['rules'], properties: { rules: { minItems: 1, items: { properties: { percentage: { exclusiveMinimum: 0 } } } } } },
    });
    const pay = (value: unknown) => call(sandbox, 'POST', '/v1/transaction', { companyId: COMPANY, amount: 100, paymentProfile: PAID_PROFILE, split: value });
    expect((await pay({ active: true })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules', msg: expect.stringMatching(/^split\.rules is required with split\.active true: .*at least one rule/) })]);
    expect((await pay({ active: true, rules: [] })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules', msg: expect.stringMatching(/^split\.rules must hold at least 1 item with split\.active true/) })]);
    expect((await pay({ active: true, rules: [{ companyId: COMPANY, percentage: 0 }, { companyId: COMPANY, percentage: 100 }] })).body.error_messages)
      .toEqual([expect.objectContaining({ path: 'split.rules[0].percentage', msg: expect.stringMatching(/^split\.rules\[0\]\.percentage must be above 0 with split\.active true/) })]);
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
