// One rule for every string a request carries, written into the route's JSON
// Schema when the route is added (so the description says it): no NUL
// (U+0000) and no half of a surrogate pair (a JSON "\ud800" alone), which
// PostgreSQL cannot store in text or jsonb. The pattern is read with the u flag
// (JSON Schema's regexes are ECMA-262 with Unicode; Ajv's default): a whole
// pair, an emoji, is one code point outside the class. Free-form objects
// (additionalProperties: true) get the same rule for their names and values,
// nested at most FREE_DEPTH levels. Unknown members of the other objects are
// dropped before the handler (the description: "unknown body fields are
// ignored"), so they never reach the database either.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A string without NUL or a lone surrogate; the error mapping (validation.ts) says so in words. */
export const PLAIN_TEXT = '^[^\\u0000\\uD800-\\uDFFF]*$';
export const FREE_DEPTH = 4;

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
const Text = { type: 'string', pattern: PLAIN_TEXT };
// A GET route's HEAD twin shares its schema: the rule is added once.
const hasRule = (allOf: unknown) => Array.isArray(allOf) && allOf.some((s) => isObject(s) && s.pattern === PLAIN_TEXT);

/** A free-form value: text without NUL, a number, a boolean, null, or (while depth lasts) an array or object of them. */
function freeValue(depth: number): Schema {
  const scalars: Schema[] = [Text, { type: ['number', 'boolean', 'null'] }];
  if (depth === 0) return { anyOf: scalars };
  const inner = freeValue(depth - 1);
  return { anyOf: [...scalars, { type: 'array', items: inner }, { type: 'object', propertyNames: Text, additionalProperties: inner }] };
}
const FREE_MEMBERS = { propertyNames: Text, additionalProperties: freeValue(FREE_DEPTH - 1) };

/** A copy of a request schema with the rule in every string and free-form object. */
export function withTextRule(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRule);
  if (!isObject(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema))
    copy[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : withTextRule(value);
  if (copy.type === 'string' && copy.enum === undefined && copy.const === undefined) {
    if (copy.pattern === undefined) copy.pattern = PLAIN_TEXT;
    else if (copy.pattern !== PLAIN_TEXT && !hasRule(copy.allOf)) copy.allOf = [...((copy.allOf as unknown[]) ?? []), { pattern: PLAIN_TEXT }];
  }
  if (copy.type === 'object' && copy.additionalProperties === true) Object.assign(copy, FREE_MEMBERS);
  return copy;
}

/** The value with only the members its schema declares (objects that leave additionalProperties unset). */
export function knownMembers(schema: unknown, value: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(value)) return isObject(schema.items) ? value.map((item) => knownMembers(schema.items, item)) : value;
  if (!isObject(value) || !isObject(schema.properties) || schema.additionalProperties !== undefined) return value;
  const properties = schema.properties;
  // A loop, not entries/filter/map/fromEntries: every request with a body passes here (issue 38).
  const known: Record<string, unknown> = {};
  for (const key in value) if (Object.hasOwn(value, key) && Object.hasOwn(properties, key)) known[key] = knownMembers(properties[key], value[key]);
  return known;
}

export function installTextRule(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Schema | undefined;
    if (!schema) return;
    for (const part of ['body', 'querystring', 'params'] as const) if (schema[part]) schema[part] = withTextRule(schema[part]);
    const body = schema.body;
    if (!body) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    // A callback hook: it ends in the same turn (no promise per request).
    const dropUnknown = (request: FastifyRequest, _reply: unknown, done: () => void) => { request.body = knownMembers(body, request.body); done(); };
    route.preHandler = [dropUnknown, ...own] as never;
  });
}
