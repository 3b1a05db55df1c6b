// The client: openapi-fetch over the types generated from the API description
// (api.d.ts), with the transport of retry.ts (Idempotency-Key, retries, ApiError).
// Each method answers the 2xx body itself, typed from the description; every
// other answer is thrown as ApiError.
import createOpenApiClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { randomUUID } from 'node:crypto';
import type { paths } from './api.js';
import { jsonArrayItems } from './json-array.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { paths, operations, components } from './api.js';

/** The sandbox's address when started with `npx @svc-card/sandbox` (its default port); production's is the one your contract names. */
export const SANDBOX_URL = 'http://127.0.0.1:4010';

export type Credentials =
  /** `<KEY_ID>.<SECRET>` (reference part 5). */
  | { apiKey: string; token?: never }
  /** A JWT issued for the credential, valid 14 days. */
  | { token: string; apiKey?: never }
  /** Neither: only POST /v1/charge/pay, which carries captchaToken in its body. */
  | { apiKey?: undefined; token?: undefined };

export type ClientOptions = Credentials & RetryOptions & {
  /** The sandbox (SANDBOX_URL, or where yours runs) or production. */
  baseUrl: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Makes an Idempotency-Key for a call without one (default crypto.randomUUID). */
  newIdempotencyKey?: () => string;
};

type Method = 'get' | 'put' | 'post' | 'delete';
type RequiredKeysOf<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
/** The paths that have this method. */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, {}> ? P : never }[keyof paths];
/** The 2xx body of an operation; undefined when it may answer 204 No Content (PUT /v1/transaction/cancel). */
export type Answer<Op, Init = {}> = NonNullable<FetchResponse<Op & Record<string | number, any>, Init, 'application/json'>['data']>
  | (Op extends { responses: { 204: unknown } } ? undefined : never);

// The init is typed by the path alone (not inferred as a type of its own), so an
// object literal gets TypeScript's excess-property check: a misspelt optional
// member (instalments) is an error, not a member the service ignores.
type Call<M extends Method> = <P extends PathsWith<M>>(url: P, ...init: InitParam<MaybeOptionalInit<paths[P], M>>) => Promise<Answer<paths[P][M]>>;

type GetOp<P> = P extends keyof paths ? (paths[P] extends { get: infer O } ? O : never) : never;
type Json200<O> = O extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
/** GET paths answering a page: { items, has_more, page, ... }. */
export type ListPath = { [P in PathsWith<'get'>]: Json200<GetOp<P>> extends { items: unknown[]; has_more: boolean } ? P : never }[PathsWith<'get'>];
/** GET paths answering a JSON array (the exports). */
export type ExportPath = { [P in PathsWith<'get'>]: Json200<GetOp<P>> extends unknown[] ? P : never }[PathsWith<'get'>];
export type QueryOf<P> = GetOp<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type PageOf<P> = Json200<GetOp<P>>;
export type ItemOf<P> = Json200<GetOp<P>> extends { items: (infer I)[] } ? I : Json200<GetOp<P>> extends (infer I)[] ? I : never;
/** A list's query; `page` is where iteration starts (default 1). */
export type PagesQuery<P> = Omit<QueryOf<P>, 'page'> & { page?: number };

export interface SvcClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  DELETE: Call<'delete'>;
  /** Each page of a list in turn, from query.page (default 1) while has_more, the next asked by next_cursor. */
  pages<P extends ListPath>(path: P, query: PagesQuery<P>): AsyncGenerator<PageOf<P>>;
  /** Each item of a list, page after page: `for await (const t of client.items('/v1/transaction', query))`. */
  items<P extends ListPath>(path: P, query: PagesQuery<P>): AsyncGenerator<ItemOf<P>>;
  /** An export read as it streams, one item at a time (never the whole array in memory). */
  exportItems<P extends ExportPath>(path: P, query: QueryOf<P>): AsyncGenerator<ItemOf<P>>;
  /** openapi-fetch's client itself (its { data, response } answers; errors are thrown all the same). */
  readonly raw: Client<paths, 'application/json'>;
}

export function createClient(options: ClientOptions): SvcClient {
  if (options.apiKey !== undefined && options.token !== undefined) throw new TypeError('createClient: give apiKey or token, not both');
  if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError(`createClient: baseUrl must be an http(s) URL, got ${JSON.stringify(options.baseUrl)}`);
  const headers: Record<string, string> = {};
  if (options.apiKey !== undefined) headers.apiKey = options.apiKey;
  if (options.token !== undefined) headers.token = options.token;
  const raw = createOpenApiClient<paths, 'application/json'>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options, options.newIdempotencyKey ?? randomUUID),
  });
  const unwrap = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    (async (url: string, init?: object) => (await (raw[method] as (u: string, i?: object) => Promise<{ data?: unknown }>)(url, init)).data) as never;

  const client: SvcClient = {
    GET: unwrap('GET'), POST: unwrap('POST'), PUT: unwrap('PUT'), DELETE: unwrap('DELETE'),
    async *pages(path, query) {
      const get = client.GET as (u: string, i: object) => Promise<{ has_more: boolean; next_cursor?: string }>;
      let page = query.page ?? 1;
      let cursor: string | undefined;
      for (;;) {
        // After the first page, the list's next_cursor (keyset): records made meanwhile neither
        // repeat an item nor hide one, as page numbers would; page+1 only if a list gives none.
        const body = await get(path, { params: { query: cursor ? { ...query, page: undefined, cursor } : { ...query, page } } });
        yield body as never;
        if (!body.has_more) return;
        cursor = body.next_cursor;
        page++;
      }
    },
    async *items(path, query) {
      for await (const page of client.pages(path, query)) yield* (page as unknown as { items: never[] }).items;
    },
    async *exportItems(path, query) {
      const { response } = await (raw.GET as (u: string, i: object) => Promise<{ response: Response }>)(path, { params: { query }, parseAs: 'stream' });
      if (!response.body) return;
      yield* jsonArrayItems(response.body);
    },
    raw,
  };
  return client;
}
