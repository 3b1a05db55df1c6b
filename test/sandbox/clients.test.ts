// Clients (4.6): create (name rule, doc normalized and checked) and the list
// (page, limit, search, id, sort, range), with the refusals of parts 5 and 7.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential } from '../../packages/sandbox/auth/credentials.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, call, memorySandbox } from './support/sandbox.js';
import { clockCompany } from './support/clock-company.js';

let sandbox: Sandbox;
let other: { apiKey: string };
beforeAll(async () => {
  sandbox = await memorySandbox();
  other = await createCredential(sandbox.db, { permissions: ['client.read', 'client.write'], companies: ['company_clients'] });
});
afterAll(async () => sandbox?.close());

const create = (body: Record<string, unknown>, apiKey = other.apiKey) =>
  call(sandbox, 'POST', '/v1/client', { companyId: 'company_clients', email: 'ana@example.com', ...body }, { apiKey });
const list = (query: string, apiKey = other.apiKey) => call(sandbox, 'GET', `/v1/client${query}`, undefined, { apiKey });
const paths = (body: { error_messages: { path: string }[] }) => body.error_messages.map((m) => m.path).sort();

describe('POST /v1/client', () => {
  it('creates a client: doc stored as digits, type from its length, ACTIVE', async () => {
    const { status, body } = await create({ name: 'Ana Luíza D\'Ávila-Souza', doc: '529.982.247-25', phones: ['+55 11 99999-0000'] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ companyId: 'company_clients', name: 'Ana Luíza D\'Ávila-Souza', doc: '52998224725', type: 'INDIVIDUAL', status: 'ACTIVE', active: true, deleted: false, phones: ['+55 11 99999-0000'] });
    expect((await create({ name: 'Padaria Central', doc: '11.222.333/0001-81' })).body).toMatchObject({ doc: '11222333000181', type: 'COMPANY' });
  });

  it('names with digits or special characters, a wrong check digit and a missing field: 400 naming each', async () => {
    for (const name of ['Ana 2', 'R2D2', 'Ana <b>', 'Ana@', '', ' Ana']) {
      const { status, body } = await create({ name, doc: '111.444.777-35' });
      expect(status, name).toBe(400);
      expect(body.error_messages).toEqual([expect.objectContaining({ type: 'field', path: 'name', location: 'body' })]);
    }
    const bad = await call(sandbox, 'POST', '/v1/client', { companyId: 'company_clients', name: 'Ana', doc: '529.982.247-26' }, { apiKey: other.apiKey });
    expect(paths(bad.body)).toEqual(['doc', 'email']);
    expect(bad.body.error_messages.find((m: { path: string }) => m.path === 'doc').msg).toMatch(/CPF.*CNPJ/);
  });

  it('a second client with the same document (however written) in one company: 400 on doc', async () => {
    await create({ name: 'Bruno', doc: '11.444.777/0001-61' });
    const again = await create({ name: 'Bruno Outro', doc: '11444777000161' });
    expect(again.status).toBe(400);
    expect(again.body.error_messages).toEqual([expect.objectContaining({ path: 'doc', msg: expect.stringMatching(/already the document of client [0-9a-f]{24}/) })]);
  });

  it('401 without a credential, 403 without client.write, 403 for a company outside the credential', async () => {
    expect((await call(sandbox, 'POST', '/v1/client', { companyId: 'company_clients', name: 'Ana', doc: '52998224725', email: 'a@b.co' }, {})).status).toBe(401);
    const reader = await createCredential(sandbox.db, { permissions: ['client.read'], companies: ['company_clients'] });
    expect((await create({ name: 'Ana', doc: '52998224725' }, reader.apiKey)).body.code).toBe('forbidden');
    expect((await call(sandbox, 'POST', '/v1/client', { companyId: COMPANY, name: 'Ana', doc: '52998224725', email: 'a@b.co' }, { apiKey: other.apiKey })).status).toBe(403);
  });
});

describe('GET /v1/client', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const credential = await createCredential(sandbox.db, { permissions: ['client.read', 'client.write'], companies: ['company_list'] });
    other = credential;
    const docs = ['52998224725', '11144477735', '11222333000181', '11444777000161', '39053344705'];
    ids = [];
    for (const [i, doc] of docs.entries()) {
      const made = await call(sandbox, 'POST', '/v1/client', { companyId: 'company_list', name: ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eva'][i], doc, email: `c${i}@example.com` }, { apiKey: credential.apiKey });
      ids.push(made.body._id);
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct createdAt (milliseconds) so the order is known
    }
  });

  it('pages: limit 2 of 5 gives 3 pages; the last has one item and no more', async () => {
    const first = await list('?limit=2&sort.direction=asc');
    expect(first.body).toMatchObject({ limit: 2, page: 1, total: 5, total_pages: 3, has_more: true, query_count: 2 });
    expect(first.body.items.map((c: { _id: string }) => c._id)).toEqual(ids.slice(0, 2));
    const last = await list('?limit=2&page=3&sort.direction=asc');
    expect(last.body).toMatchObject({ page: 3, has_more: false, query_count: 1, items: [{ _id: ids[4] }] });
    expect((await list('')).body).toMatchObject({ limit: 20, page: 1, total: 5 });
    expect((await list('')).body.items[0]._id).toBe(ids[4]); // default: newest first
  });

  it('search by name, e-mail or document digits (punctuated or not); id picks one', async () => {
    expect((await list('?search=carl')).body.items.map((c: { name: string }) => c.name)).toEqual(['Carla']);
    expect((await list('?search=c3%40example')).body.items.map((c: { name: string }) => c.name)).toEqual(['Daniel']);
    expect((await list('?search=111.444.777')).body.items.map((c: { name: string }) => c.name)).toEqual(['Bruno']);
    expect((await list(`?id=${ids[1]}`)).body).toMatchObject({ total: 1, items: [{ name: 'Bruno' }] });
  });

  it('search is accent-insensitive too, either way: "conceicao" finds "Conceição", "JOÃO" finds "Joao", a decomposed mark (c + U+0327) as the composed one', async () => {
    const { apiKey } = await createCredential(sandbox.db, { permissions: ['client.read', 'client.write'], companies: ['company_accents'] });
    const make = async (name: string, doc: string) => (await call(sandbox, 'POST', '/v1/client', { companyId: 'company_accents', name, doc, email: 'maria@example.com' }, { apiKey })).body._id;
    const accented = await make('Maria da Conceição', '86288366757');
    const plain = await make('Joao Ávila', '71428793860');
    const found = async (term: string) => (await list(`?search=${encodeURIComponent(term)}`, apiKey)).body.items.map((c: { _id: string }) => c._id);
    for (const term of ['conceicao', 'CONCEIÇAO', 'Conceição', 'conceic\u0327a\u0303o']) expect(await found(term), term).toEqual([accented]);
    for (const term of ['joão', 'JOÃO', 'avila', 'joao ávila']) expect(await found(term), term).toEqual([plain]);
  });

  it('range on the sorted property: createdAt from the third client on', async () => {
    const third = (await list(`?id=${ids[2]}`)).body.items[0];
    const after = await list(`?sort.direction=asc&range.start=${encodeURIComponent(third.createdAt)}`);
    expect(after.body.items.map((c: { _id: string }) => c._id)).toEqual(ids.slice(2));
    const before = await list(`?sort.property=lastUpdate&range.end=${encodeURIComponent(third.updatedAt)}&sort.direction=asc`);
    expect(before.body.items.map((c: { _id: string }) => c._id)).toEqual(ids.slice(0, 3));
  });

  it('limits of part 8 and bad parameters: 400 with location query', async () => {
    for (const [query, path] of [['?limit=101', 'limit'], ['?limit=0', 'limit'], ['?page=0', 'page'], ['?sort.direction=up', 'sort.direction'], ['?sort.property=name', 'sort.property'], ['?range.start=yesterday', 'range.start']]) {
      const { status, body } = await list(query!);
      expect(status, query).toBe(400);
      expect(body.error_messages).toEqual([expect.objectContaining({ type: 'field', path, location: 'query' })]);
    }
  });

  it('only the credential\'s companies: another company in the query is 403; the demo company\'s clients are not listed', async () => {
    expect((await list(`?companyId=${COMPANY}`)).status).toBe(403);
    expect((await call(sandbox, 'GET', '/v1/client?companyId=company_list', undefined, { apiKey: API_KEY })).status).toBe(403);
    expect((await list('?companyId=company_list')).body.total).toBe(5);
  });
});

describe('a query value that is not UTF-8', () => {
  it('is 400 naming the parameter: a Latin-1 "concei%E7%E3o" searched for the text "concei%E7%E3o" and found nothing; a lone % is still text', async () => {
    const answer = await call(sandbox, 'GET', `/v1/client?companyId=${COMPANY}&search=concei%E7%E3o`);
    expect([answer.status, answer.body.error_messages]).toEqual([400, [expect.objectContaining({ path: 'search', location: 'query', msg: 'search is not percent-encoded UTF-8 (a Latin-1 byte such as %E7 for "ç" is %C3%A7 in UTF-8)' })]]);
    expect((await call(sandbox, 'GET', `/v1/client?companyId=${COMPANY}&search=50%`)).status).toBe(200);
    expect((await call(sandbox, 'GET', `/v1/client?companyId=${COMPANY}&search=concei%C3%A7%C3%A3o`)).status).toBe(200);
  });
});

describe('one name rule for a client wherever it is created', () => {
  it('"R2-D2 #7" is refused on client.name by POST /v1/transaction and POST /v1/subscription, as on name by POST /v1/client', async () => {
    const c = await clockCompany(sandbox);
    const productId = (await c.full((await c.v2()).subscription._id)).productId;
    const client = { name: 'R2-D2 #7', doc: '39053344705' };
    expect(paths((await c.as('POST', '/v1/client', { companyId: c.companyId, ...client, email: 'r2@example.com' })).body)).toEqual(['name']);
    expect(paths((await c.as('POST', '/v1/transaction', { companyId: c.companyId, amount: 100, paymentProfile: PAID_PROFILE, client })).body)).toEqual(['client.name']);
    expect(paths((await c.as('POST', '/v1/subscription', { companyId: c.companyId, product: { id: productId }, paymentMethod: 'CREDIT_CARD', paymentProfile: PAID_PROFILE, client })).body)).toEqual(['client.name']);
  });
});

describe('the email format', () => {
  it('email "0@com", which the email format allows, is accepted', async () => {
    const c = await clockCompany(sandbox);
    const answer = await c.as('POST', '/v1/client', { companyId: c.companyId, name: 'Zero', doc: '11144477735', email: '0@com' });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe('0@com');
  });
});
