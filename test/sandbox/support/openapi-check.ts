// Every answer a test sees is checked against the sandbox's OpenAPI document:
// the route's response schema for that status, compiled by an Ajv of its own
// (JSON Schema 2020-12, as OpenAPI 3.1 says), formats included.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const cache = new WeakMap<object, Map<string, ValidateFunction>>();

/**
 * Throws when the answer does not match. Routes the document does not list
 * (404 for unknown paths, the description itself) are checked against the
 * part-7 error body of any listed route.
 */
export function checkAgainstDescription(doc: Doc, method: string, url: string, answer: { status: number; body: unknown }): void {
  const path = describedPath(doc, url.split('?')[0]!);
  const operation = doc.paths[path]?.[method.toLowerCase()] ?? (answer.status >= 400 ? anyOperationWithErrors(doc) : undefined);
  if (!operation) return;
  const response = operation.responses[String(answer.status)];
  if (!response) throw new Error(`${method} ${path} answered ${answer.status}, a status its description does not list`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return;
  const validators = cache.get(doc) ?? new Map<string, ValidateFunction>();
  cache.set(doc, validators);
  const key = `${method} ${path} ${answer.status}`;
  const validate = validators.get(key) ?? ajv.compile(schema);
  validators.set(key, validate);
  if (!validate(answer.body)) throw new Error(`${key}: the answer does not match the description: ${ajv.errorsText(validate.errors)}`);
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

export interface CheckedAnswer { status: number; body: any; headers: Headers }

/**
 * fetch() to a running sandbox at `base`: the JSON answer (undefined when empty) is
 * checked against that sandbox's own /openapi.json, read once per address.
 */
export async function checkedFetch(base: string, path: string, init: RequestInit = {}): Promise<CheckedAnswer> {
  if (!documents.has(base)) documents.set(base, fetch(`${base}/openapi.json`).then((r) => r.json() as Promise<Doc>));
  const response = await fetch(base + path, init);
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  checkAgainstDescription(await documents.get(base)!, init.method ?? 'GET', path, answer);
  return answer;
}

function anyOperationWithErrors(doc: Doc) {
  for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.responses?.['404']) return op;
  return undefined;
}
