// @svc-card/client against a real sandbox over HTTP (startSandbox on loopback):
// typed calls, part-7 errors as ApiError, apiKey and token credentials, the
// Idempotency-Key kept across retries, page iterators and streamed exports.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, NetworkError, RETRIED_STATUSES, type SvcClient } from '../../packages/client/src/index.js';
import { issueJwt, loadJwtKey } from '../../packages/sandbox/auth/jwt.js';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { API_KEY, COMPANY, PAID_PROFILE, memorySandbox, tokenFor } from '../sandbox/support/sandbox.js';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { waitBefore } from '../../packages/client/src/retry.js';

let sandbox: Sandbox;
let client: SvcClient;
beforeAll(async () => {
  sandbox = await memorySandbox();
  client = createClient({ baseUrl: sandbox.url, apiKey: API_KEY });
});
afterAll(() => sandbox?.close());

/** A fetch that records each request's method and Idempotency-Key, and may replace answers. */
function recordingFetch(replace: (attempt: number, request: Request) => Response | 'network-error' | undefined = () => undefined) {
  const seen: { method: string; url: string; key: string | null }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ method: request.method, url: request.url, key: request.headers.get('Idempotency-Key') });
    const replaced = replace(seen.length, request);
    if (replaced === 'network-error') {
      await fetch(request); // the service runs the call; its answer is lost on the way back
      throw new TypeError('fetch failed');
    }
    return replaced ?? fetch(request);
  };
  return { seen, fetch: fetchImpl as typeof fetch };
}

describe('typed calls', () => {
  it('POST /v1/transaction forwards a card token and answers the typed transaction', async () => {
    const made = await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 1990, token: await tokenFor() as never } });
    expect(made.status).toBe('PAID');
    expect(made.amount.value).toBe(1990);
    const again = await client.GET('/v1/transaction/full', { params: { query: { transactionId: made._id } } });
    expect(again._id).toBe(made._id);
  });

  it('a token credential works as the apiKey does', async () => {
    const token = await issueJwt(await loadJwtKey(sandbox.db), SANDBOX_CREDENTIAL.keyId);
    const byToken = createClient({ baseUrl: `${sandbox.url}/`, token });
    const page = await byToken.GET('/v1/transaction', { params: { query: { page: 1, limit: 5, 'sort.direction': 'desc', 'sort.property': 'createdAt' } } });
    expect(page.page).toBe(1);
  });

  it('refuses apiKey and token together, and a baseUrl that is not http(s)', () => {
    expect(() => createClient({ baseUrl: sandbox.url, apiKey: 'a', token: 'b' } as never)).toThrow(/apiKey or token/);
    expect(() => createClient({ baseUrl: 'localhost:4010', apiKey: 'a' })).toThrow(/baseUrl/);
  });
});

describe('part-7 errors', () => {
  it('a refused body is an ApiError with status, code and the field named', async () => {
    const error = await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: -5, paymentProfile: PAID_PROFILE } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'SchemaValidationException', path: '/v1/transaction' });
    expect((error as ApiError).fieldErrors.map((f) => f.path)).toContain('amount');
    expect((error as ApiError).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a wrong credential is ApiError 401 unauthorized; another company is 403 forbidden', async () => {
    const stranger = createClient({ baseUrl: sandbox.url, apiKey: `${SANDBOX_CREDENTIAL.keyId}.wrong` });
    await expect(stranger.GET('/v1/transaction', { params: { query: { page: 1, limit: 1, 'sort.direction': 'asc', 'sort.property': 'createdAt' } } }))
      .rejects.toMatchObject({ status: 401, code: 'unauthorized', fieldErrors: [] });
    await expect(client.GET('/v1/transaction', { params: { query: { companyId: 'company_not_mine', page: 1, limit: 1, 'sort.direction': 'asc', 'sort.property': 'createdAt' } } }))
      .rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});

describe('Idempotency-Key and retries', () => {
  it('an answer lost on the network is retried with the same key: one transaction, the first answer replayed', async () => {
    const recorder = recordingFetch((attempt) => (attempt === 1 ? 'network-error' : undefined));
    const retrying = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch, backoffMs: 1 });
    const before = (await client.GET('/v1/transaction', { params: { query: { page: 1, limit: 1, 'sort.direction': 'desc', 'sort.property': 'createdAt' } } })).total;
    const made = await retrying.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 777, token: await tokenFor() as never } });
    expect(made.status).toBe('PAID');
    expect(recorder.seen).toHaveLength(2);
    expect(recorder.seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorder.seen[1]!.key).toBe(recorder.seen[0]!.key);
    const after = (await client.GET('/v1/transaction', { params: { query: { page: 1, limit: 1, 'sort.direction': 'desc', 'sort.property': 'createdAt' } } })).total;
    expect(after).toBe(before + 1);
  });

  it('each call gets its own key; a key the caller gives is kept', async () => {
    const recorder = recordingFetch();
    const c = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch });
    await c.POST('/v1/client', { body: { companyId: COMPANY, name: 'Ana Souza', email: 'ana@example.com', doc: '52998224725' } });
    await c.POST('/v1/client', { body: { companyId: COMPANY, name: 'Bia Souza', email: 'bia@example.com', doc: '11144477735' }, headers: { 'Idempotency-Key': 'mine-1' } });
    await c.GET('/v1/client', { params: { query: { page: 1, limit: 1, 'sort.direction': 'asc', 'sort.property': 'createdAt' } } });
    expect(recorder.seen.map((s) => s.key)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), 'mine-1', null]);
  });

  it('only network errors, 408, 429 and 503 are retried, with the same key; any other 4xx or 5xx is thrown at once', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 400, max: 599 }), fc.integer({ min: 0, max: 3 }), async (status, maxRetries) => {
      const recorder = recordingFetch(() => new Response(JSON.stringify({ error_messages: [{ msg: 'no' }], code: 'x', path: '/v1/transaction', metadata: {} }), { status }));
      const c = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch, backoffMs: 1, maxBackoffMs: 2, maxRetries });
      const error = await c.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 1 } }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status, code: 'x' });
      expect(recorder.seen).toHaveLength(RETRIED_STATUSES.includes(status) ? maxRetries + 1 : 1);
      expect(new Set(recorder.seen.map((s) => s.key)).size).toBe(1);
    }), { numRuns: 60 });
  });

  it('a 503 then the real answer: the call succeeds after waiting at least Retry-After (capped)', async () => {
    const recorder = recordingFetch((attempt) => (attempt === 1 ? new Response('{}', { status: 503, headers: { 'retry-after': '0.2' } }) : undefined));
    const c = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch, backoffMs: 1 });
    const started = Date.now();
    const page = await c.GET('/v1/alert', { params: { query: { page: 1, limit: 1, 'sort.direction': 'asc', 'sort.property': 'createdAt' } } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(page.page).toBe(1);
    expect(recorder.seen).toHaveLength(2);
  });

  it('Retry-After lengthens a wait up to maxBackoffMs, never past it (README: "Retries")', () => {
    const asking = (value: string) => new Response(null, { status: 503, headers: { 'retry-after': value } });
    expect(waitBefore(0, {}, asking('3'))).toBe(3_000);
    expect(waitBefore(0, {}, asking('30'))).toBe(8_000);
    expect(waitBefore(0, { maxBackoffMs: 60_000 }, asking('30'))).toBe(30_000);
    const plain = waitBefore(0, {}, asking('0'));
    expect(plain >= 250 && plain <= 500, String(plain)).toBe(true);
  });

  it('network errors past the retries are thrown as NetworkError, the fetch error as its cause', async () => {
    const c = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, backoffMs: 1, maxRetries: 1 });
    const error = await c.GET('/v1/alert', { params: { query: { page: 1, limit: 1, 'sort.direction': 'asc', 'sort.property': 'createdAt' } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: 'NetworkError', timedOut: false, idempotencyKey: undefined, cause: expect.any(TypeError) });
  });

  it('a POST whose answers are all lost throws NetworkError with its Idempotency-Key: sent again with it, the call is answered once, no second transaction', async () => {
    const recorder = recordingFetch(() => 'network-error');
    const lost = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch, backoffMs: 1, maxRetries: 1 });
    const count = async () => (await client.GET('/v1/transaction', { params: { query: { limit: 1 } } })).total;
    const before = await count();
    const error = await lost.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 4242, paymentProfile: PAID_PROFILE } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    const key = (error as NetworkError).idempotencyKey;
    expect(key).toBe(recorder.seen[0]!.key);
    expect(await count()).toBe(before + 1); // the service ran it: the merchant cannot tell without the key
    const again = await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 4242, paymentProfile: PAID_PROFILE }, headers: { 'Idempotency-Key': key! } });
    expect(again.amount.value).toBe(4242);
    expect(await count()).toBe(before + 1);
  });
});

describe('pages and exports', () => {
  it('timeoutMs bounds the wait for an answer, not the reading of an export: a slow for-await over a long export is not cut, an answer that never comes still is', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      if (request.url?.startsWith('/v1/alert?')) return; // never answers
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[{"n":1},');
      setTimeout(() => response.end('{"n":2}]'), 400);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const slow = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, timeoutMs: 150, maxRetries: 0 });
      const seen: unknown[] = [];
      for await (const alert of slow.exportItems('/v1/alert/exports', {})) seen.push(alert);
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      // An answer that does not come is still given up after timeoutMs.
      await expect(slow.GET('/v1/alert', { params: { query: { limit: 1 } } })).rejects.toMatchObject({ name: 'NetworkError', timedOut: true, cause: expect.objectContaining({ name: 'TimeoutError' }) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('for await over items reads every transaction of a list once, page after page', async () => {
    for (let i = 0; i < 7; i++) await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 100 + i, paymentProfile: PAID_PROFILE } });
    const query = { limit: 2, 'sort.direction': 'asc', 'sort.property': 'createdAt' } as const;
    const { total } = await client.GET('/v1/transaction', { params: { query: { ...query, page: 1 } } });
    const ids: string[] = [];
    for await (const transaction of client.items('/v1/transaction', query)) ids.push(transaction._id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    let pages = 0;
    for await (const page of client.pages('/v1/transaction', { ...query, page: 2 })) { pages++; expect(page.page).toBe(pages + 1); }
    expect(pages).toBe(Math.ceil(total / 2) - 1);
  });

  it('a list is called with only the filters wanted: page, limit and the sort are optional in the types, as in the sandbox', async () => {
    const { items, limit } = await client.GET('/v1/client', { params: { query: { search: 'nobody-by-this-name' } } });
    expect([items, limit]).toEqual([[], 20]);
    let seen = 0;
    for await (const t of client.items('/v1/transaction', { companyId: COMPANY })) if (t.companyId === COMPANY) seen++;
    expect(seen).toBeGreaterThan(0);
  });

  it('pages after the first are asked by next_cursor, so records made during the walk neither repeat nor hide items', async () => {
    for (let i = 0; i < 6; i++) await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 300 + i, paymentProfile: PAID_PROFILE } });
    const query = { limit: 2, 'sort.direction': 'desc', 'sort.property': 'createdAt' } as const;
    const before = new Set<string>();
    for await (const t of client.items('/v1/transaction', query)) before.add(t._id);
    const recorder = recordingFetch();
    const walker = createClient({ baseUrl: sandbox.url, apiKey: API_KEY, fetch: recorder.fetch });
    const seen: string[] = [];
    for await (const t of walker.items('/v1/transaction', query)) {
      seen.push(t._id);
      // Newest first: each new record lands on page 1, which would push page-number walks back.
      if (seen.length % 2 === 0) await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 399, paymentProfile: PAID_PROFILE } });
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(before);
    const [first, ...later] = recorder.seen.map((r) => new URL(r.url).searchParams);
    expect(first?.get('cursor')).toBeNull();
    expect(later.length).toBeGreaterThan(1);
    expect(later.every((q) => q.get('cursor') && !q.has('page'))).toBe(true);
  });

  it('an export is read as a stream of typed items, all of them', async () => {
    for (let i = 0; i < 5; i++) {
      const made = await client.POST('/v1/transaction', { body: { companyId: COMPANY, amount: 555, paymentProfile: PAID_PROFILE } });
      await client.POST('/sandbox/v1/alerts', { body: { companyId: COMPANY, transactionId: made._id, type: 'NETWORK_B', externalReference: `ref-${i}` } });
    }
    const refs: string[] = [];
    for await (const alert of client.exportItems('/v1/alert/exports', { 'sort.direction': 'asc', 'sort.property': 'createdAt' })) refs.push(alert.externalReference ?? '');
    expect(refs).toEqual(expect.arrayContaining(['ref-0', 'ref-1', 'ref-2', 'ref-3', 'ref-4']));
    const error = await (async () => { for await (const _ of client.exportItems('/v1/alert/exports', { companyId: 'company_not_mine', 'sort.direction': 'asc', 'sort.property': 'createdAt' })) void _; })().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
