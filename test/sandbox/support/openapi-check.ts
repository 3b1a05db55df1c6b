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
  const path = url.split('?')[0]!;
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

function anyOperationWithErrors(doc: Doc) {
  for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.responses?.['404']) return op;
  return undefined;
}
