// The API description: OpenAPI 3.1, version 1.0.0, generated from the routes'
// schemas, served at /openapi.json and as a page at /docs.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

it('GET /openapi.json: OpenAPI 3.1, version 1.0.0, both credential headers, every guarded route with its part-7 answers', async () => {
  const { status, body } = await call(sandbox, 'GET', '/openapi.json', undefined, {});
  expect(status).toBe(200);
  expect(body.openapi).toBe('3.1.0');
  expect(body.info.version).toBe('1.0.0');
  expect(body.info.description).toMatch(/not shown/);
  expect(body.components.securitySchemes).toMatchObject({ apiKey: { in: 'header', name: 'apiKey' }, token: { in: 'header', name: 'token' } });
  expect(body.paths['/v1/transaction'].post.security).toEqual([{ apiKey: [] }, { token: [] }]);
  expect(body.paths['/v1/charge/pay'].post.security).toEqual([]);
  for (const methods of Object.values(body.paths) as Record<string, { responses: Record<string, unknown> }>[])
    for (const operation of Object.values(methods)) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '500']));
});

it('the request schema in the document is the one that validates (a field the document requires is required)', async () => {
  const { body } = await call(sandbox, 'GET', '/openapi.json', undefined, {});
  const schema = body.paths['/v1/transaction'].post.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(expect.arrayContaining(['companyId', 'amount']));
  const refused = await call(sandbox, 'POST', '/v1/transaction', {});
  expect(refused.body.error_messages.map((m: { path: string }) => m.path)).toEqual(expect.arrayContaining(schema.required));
});

it('a query parameter the sandbox fills in by default (page, limit, sort.direction, sort.property) is optional in the document, and a list answers without it', async () => {
  const { body } = await call(sandbox, 'GET', '/openapi.json', undefined, {});
  const requiredWithDefault: string[] = [];
  for (const [path, methods] of Object.entries(body.paths) as [string, Record<string, { parameters?: { name: string; required?: boolean; schema?: { default?: unknown } }[] }>][])
    for (const [method, operation] of Object.entries(methods))
      for (const parameter of operation.parameters ?? []) if (parameter.required && parameter.schema?.default !== undefined) requiredWithDefault.push(`${method} ${path} ${parameter.name}`);
  expect(requiredWithDefault).toEqual([]);
  expect((await call(sandbox, 'GET', '/v1/transaction')).body).toMatchObject({ page: 1, limit: 20 });
});

it('GET /docs: a readable page of the description', async () => {
  const response = await sandbox.app.inject({ method: 'GET', url: '/docs/' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/html/);
  expect(response.body).toMatch(/swagger/i);
});

it('extensions mount after the API: their routes answer (public unless they set config.auth) and stay out of the description', async () => {
  const extension = async (app: import('fastify').FastifyInstance) => {
    app.get('/frame/hello.txt', async (_request, reply) => reply.type('text/plain').send('hello from an extension'));
    app.get('/frame/private', { config: { auth: 'alert.read' } }, async () => ({ ok: true }));
  };
  const extended = await memorySandbox({ extensions: [extension] });
  try {
    const file = await extended.app.inject({ method: 'GET', url: '/frame/hello.txt' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('hello from an extension');
    expect((await extended.app.inject({ method: 'GET', url: '/frame/private' })).statusCode).toBe(401);
    expect(Object.keys(extended.app.swagger().paths ?? {})).not.toContain('/frame/hello.txt');
  } finally {
    await extended.close();
  }
});

it('handleNextAction is named with the entry that exports it (svc-card/next-action): it is not a method of the element', async () => {
  const { body } = await call(sandbox, 'GET', '/openapi.json', undefined, {});
  const text = JSON.stringify(body).replaceAll('\\`', '`');
  const near = [...text.matchAll(/handleNextAction/g)].map((m) => text.slice(Math.max(0, m.index - 80), m.index + 80));
  expect(near.length).toBeGreaterThan(0);
  for (const around of near) expect(around, around).toMatch(/svc-card\/next-action/);
});

it('the published description names no constant of the code: each number is written as its value (was "REVIEW_DAYS days", "DISPUTE_DAYS days on")', async () => {
  const { body } = await call(sandbox, 'GET', '/openapi.json', undefined, {});
  const published = JSON.stringify(body);
  // Every numeric constant the sandbox's code declares (export const NAME = 123).
  const root = new URL('../../packages/sandbox/', import.meta.url);
  const names = new Set<string>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('node_modules')))
    for (const [, name] of readFileSync(new URL(file, root), 'utf8').matchAll(/export const ([A-Z][A-Z0-9_]+)\s*=\s*[\d_]+\s*[;*]/g)) names.add(name!);
  expect(names).toContain('REVIEW_DAYS');
  expect(names).toContain('AUTHORIZATION_DAYS');
  expect([...names].filter((name) => new RegExp(`\\b${name}\\b`).test(published))).toEqual([]);
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
