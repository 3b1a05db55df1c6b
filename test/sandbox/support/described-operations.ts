// The operations of the sandbox's own description, as the fuzz suite reads
// them: method, path, the JSON Schemas of path, query and body, whether it
// takes the credential, and the refusals it lists beyond its schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './schema-arbitrary.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
// An independent judge of "the schema allows it": JSON Schema 2020-12 as OpenAPI 3.1 says, ajv-formats' formats
// (the sandbox's own br-doc is unknown here, so any string passes it: its check digits are a listed refusal).
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false })).addFormat('br-doc', true);

export interface Operation {
  name: string;
  method: string;
  path: string;
  pathSchema: Record<string, any>;
  querySchema: Record<string, any>;
  bodySchema?: Record<string, any>;
  secured: boolean;
  /** Members whose refusal (400) the operation's description lists as beyond its schema. */
  beyond: string[];
  valid: { path: ValidateFunction; query: ValidateFunction; body?: ValidateFunction };
}

type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type DocOperation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Record<string, any> }> }; security?: unknown[]; description?: string };

const objectOf = (parameters: Parameter[]) => ({
  type: 'object', properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])), required: parameters.filter((p) => p.required).map((p) => p.name),
});

/** "Refused beyond the schema (400): `a` ...; `b` ..." in the operation's description. */
export function beyondSchemaOf(description = ''): string[] {
  const line = /Refused beyond the schema \(400\): ([^\n]*)/.exec(description)?.[1] ?? '';
  return [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

export function operationsOf(doc: { paths: Record<string, Record<string, DocOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => {
    const parameters = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
    const pathSchema = objectOf(parameters.filter((p) => p.in === 'path'));
    const querySchema = objectOf(parameters.filter((p) => p.in === 'query'));
    const bodySchema = op.requestBody?.content['application/json']?.schema;
    return {
      name: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, pathSchema, querySchema, ...(bodySchema ? { bodySchema } : {}),
      secured: (op.security ?? []).length > 0, beyond: beyondSchemaOf(op.description),
      valid: { path: ajv.compile(pathSchema), query: ajv.compile(querySchema), ...(bodySchema ? { body: ajv.compile(bodySchema) } : {}) },
    };
  }));
}
