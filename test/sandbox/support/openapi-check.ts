// Every answer a test sees is checked against the sandbox's OpenAPI document:
// the route's response schema for that status, compiled by an Ajv of its own
// (JSON Schema 2020-12, as OpenAPI 3.1 says), formats included.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RawAnswer } from '../../../test-support/raw-http.mjs';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const cache = new WeakMap<object, Map<string, ValidateFunction>>();

/** What an answer is checked on: its status, its headers (a fetch Headers or a plain record) and its body (undefined when empty). */
export interface DescribedAnswer { status: number; headers?: Headers | Record<string, unknown>; body: unknown }

/**
 * Throws when the answer does not match: its status must be one the route lists,
 * its Content-Type one of the media types described for that status, its body the
 * schema. HEAD is checked as GET without the body (it has none). Routes the
 * document does not list (404 for unknown paths, the description itself) are
 * checked against the part-7 error body of any listed route when they refuse.
 */
export function checkAgainstDescription(doc: Doc, method: string, url: string, answer: DescribedAnswer): void {
  const head = method.toUpperCase() === 'HEAD';
  const path = describedPath(doc, url.split('?')[0]!);
  const operation = doc.paths[path]?.[head ? 'get' : method.toLowerCase()] ?? (answer.status >= 400 ? anyOperationWithErrors(doc) : undefined);
  if (!operation) return;
  const response = operation.responses[String(answer.status)];
  if (!response) throw new Error(`${method} ${path} answered ${answer.status}, a status its description does not list`);
  const key = `${method} ${path} ${answer.status}`;
  const described = Object.keys(response.content ?? {});
  const type = String(headerOf(answer.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (described.length && answer.headers && (answer.body !== undefined || head) && !described.includes(type))
    throw new Error(`${key}: Content-Type ${type || '(none)'}, the description says ${described.join(', ')}`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema || head) return;
  const validators = cache.get(doc) ?? new Map<string, ValidateFunction>();
  cache.set(doc, validators);
  const validate = validators.get(key) ?? ajv.compile(schema);
  validators.set(key, validate);
  if (!validate(answer.body)) throw new Error(`${key}: the answer does not match the description: ${ajv.errorsText(validate.errors)}`);
}

function headerOf(headers: DescribedAnswer['headers'], name: string): unknown {
  if (!headers) return undefined;
  return headers instanceof Headers ? headers.get(name) : headers[name];
}

/** The document's path for a concrete one: itself, or the template (`/x/{id}`) it fills. */
function describedPath(doc: Doc, path: string): string {
  if (doc.paths[path]) return path;
  const segments = path.split('/');
  return Object.keys(doc.paths).find((template) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, i) => /^\{\w+\}$/.test(part) || part === segments[i]);
  }) ?? path;
}

const documents = new Map<string, Promise<Doc>>();

/** The description of the running sandbox at `base` (its /openapi.json), read once per address. */
export function descriptionOf(base: string): Promise<Doc> {
  if (!documents.has(base)) documents.set(base, fetch(`${base}/openapi.json`).then((r) => r.json() as Promise<Doc>));
  return documents.get(base)!;
}

export interface CheckedAnswer { status: number; body: any; headers: Headers }

/**
 * fetch() to a running sandbox at `base`: the JSON answer (undefined when empty) is
 * checked against that sandbox's own /openapi.json.
 */
export async function checkedFetch(base: string, path: string, init: RequestInit = {}): Promise<CheckedAnswer> {
  const response = await fetch(base + path, init);
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  checkAgainstDescription(await descriptionOf(base), init.method ?? 'GET', path, answer);
  return answer;
}

/**
 * A raw answer (test-support/raw-http.mjs, with `readBody`) to the request whose
 * bytes are `request`, checked as checkedFetch checks its own; the method and the
 * target are read from the request line as sent. Answers with no route (a request
 * line Node's parser refused, 408, 431) must then be a status every route lists,
 * with the part-7 body.
 */
export async function checkRawAnswer(base: string, request: Buffer | string, answer: RawAnswer): Promise<CheckedAnswer> {
  if (answer.status === null || answer.reason) throw new Error(`${answer.status ?? 'no answer'}: ${answer.reason}`);
  const [method = '', target = ''] = Buffer.from(request).toString('latin1').split('\r\n', 1)[0]!.split(' ');
  const headers = new Headers();
  for (const line of answer.head!.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const text = answer.body ?? '';
  let body: unknown = text || undefined;
  if (text && /json/i.test(headers.get('content-type') ?? '')) {
    try { body = JSON.parse(text); } catch { throw new Error(`${method} ${target} answered ${answer.status} with a body that is not JSON: ${text.slice(0, 200)}`); }
  }
  checkAgainstDescription(await descriptionOf(base), method, target, { status: answer.status, headers, body });
  return { status: answer.status, headers, body };
}

function anyOperationWithErrors(doc: Doc) {
  for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.responses?.['404']) return op;
  return undefined;
}
