// Request validation: Ajv compiles the routes' JSON Schemas (the same ones
// @fastify/swagger publishes). Bodies are not coerced ("1" is not 1); query
// strings are, as every query value arrives as text. allErrors: every bad
// field is listed at once. Cross-field rules are standard JSON Schema
// (schemas/rules.ts: anyOf of required, not required, if/then), so they are in
// the description too; their errors are said here, naming the fields.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isValidDoc } from '../base/tax-doc.js';
import { fieldError, type FieldError, type FieldLocation } from '../base/errors.js';
import { FREE_DEPTH, PLAIN_TEXT } from './text-rule.js';

// ajv-formats is CommonJS: its default export is the function (or wraps it).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv, formats?: string[]) => Ajv;

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Formats of our own, with the message a refusal says. */
export const FORMAT_MESSAGES: Record<string, string> = {
  'br-doc': 'must be a valid CPF (11 digits) or CNPJ (14 digits): punctuation is ignored, check digits are checked',
  date: 'must be a date YYYY-MM-DD',
  'date-time': 'must be an ISO 8601 date-time',
  email: 'must be an e-mail address: a local part of letters, digits and !#$%&\'*+/=?^_`{|}~.- then @ and a host name',
};

export function createAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults: true, strict: false, verbose: true });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri', 'ipv4', 'ipv6']);
  ajv.addFormat('br-doc', { type: 'string', validate: isValidDoc });
  // RFC 5321's mailbox as OpenAPI tools generate it (a host may be one label: "0@com"); quoted local parts and address literals are refused.
  ajv.addFormat('email', { type: 'string', validate: EMAIL });
  return ajv;
}

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && !Number.isInteger(value) ? 'a fraction' : typeof value;

/** What a value sent as text (query, path, headers) must be written as, by the type it could not be read as. */
const TEXT_TYPES: Record<string, string> = {
  integer: 'must be a whole number written in digits, such as 10',
  number: 'must be a number written in digits, such as 10 or 9.9',
  boolean: 'must be true or false',
};

/** `/split/rules/0/percentage` -> `split.rules[0].percentage`. */
function dotted(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** One Ajv error as a part-7 field item; the message names the field and what was expected (never the value). */
export function toFieldError(error: ErrorObject, location: FieldLocation, when = ''): FieldError {
  let path = dotted(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const join = (name: unknown) => (path ? `${path}.${String(name)}` : String(name));
  let what = error.message ?? 'is invalid';
  if (error.keyword === 'required') { path = join(params.missingProperty); what = 'is required'; }
  else if (error.keyword === 'additionalProperties') { path = join(params.additionalProperty); what = 'is not a field of this request'; }
  else if (error.keyword === 'enum') what = `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
  // A free-form member's first branch (text) is the one said: no branch took a list or an object this deep.
  else if (error.keyword === 'type' && (error.parentSchema as { pattern?: string })?.pattern === PLAIN_TEXT && error.schemaPath.endsWith('/anyOf/0/type'))
    what = `must be text, a number, a boolean or null here, got ${typeName(error.data)}: free-form members nest at most ${FREE_DEPTH} levels`;
  // A query, path or header value is always text: "got string" would not say what to write.
  else if (error.keyword === 'type' && location !== 'body' && typeof error.data === 'string') what = TEXT_TYPES[String(params.type)] ?? `must be ${String(params.type)}`;
  else if (error.keyword === 'type') what = `must be ${String(params.type)}, got ${typeName(error.data)}`;
  else if (error.keyword === 'pattern' && typeof error.parentSchema?.['x-pattern-message'] === 'string') what = error.parentSchema['x-pattern-message'];
  else if (error.keyword === 'format') what = FORMAT_MESSAGES[String(params.format)] ?? `must be ${String(params.format)}`;
  else if (error.keyword === 'pattern' && params.pattern === PLAIN_TEXT) what = 'must not contain the NUL character (U+0000) or half of a surrogate pair';
  else if (error.keyword === 'false schema') what = 'must not be sent';
  else if (error.keyword === 'const') what = `must be ${JSON.stringify(params.allowedValue)}`;
  else if (error.keyword === 'exclusiveMinimum') what = `must be above ${String(params.limit)}`;
  else if (error.keyword === 'minItems') what = `must hold at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
  const name = path || (location === 'query' ? 'query' : location === 'path' ? 'path' : 'body');
  return fieldError(name, `${name} ${what}${when}`, location);
}

type Schema = Record<string, unknown>;
const isRequiredOnly = (branch: unknown) => !!branch && typeof branch === 'object' && Object.keys(branch).join() === 'required';

/**
 * `anyOf: [{required: [a]}, {required: [b]}]` failed: one item, "a or b is required".
 * `not: {required: [a, b]}` failed: an item on each, "a and b are exclusive".
 */
function ruleErrors(error: ErrorObject, location: FieldLocation, when: string): FieldError[] | undefined {
  const base = dotted(error.instancePath);
  const join = (name: string) => (base ? `${base}.${name}` : name);
  if (error.keyword === 'anyOf' && Array.isArray(error.schema) && error.schema.every(isRequiredOnly)) {
    const names = (error.schema as { required: string[] }[]).map((b) => b.required[0]!);
    const first = join(names[0]!);
    return [fieldError(first, `${[first, ...names.slice(1)].join(' or ')} is required${when}`, location)];
  }
  if (error.keyword === 'not' && isRequiredOnly(error.schema)) {
    // `required` holds for anything but an object, so `not` fails there: the value's type error says what is wrong, not the members it lacks.
    if (error.data === null || typeof error.data !== 'object' || Array.isArray(error.data)) return [];
    const names = (error.schema as { required: string[] }).required;
    return names.map((name) => fieldError(join(name), `${join(name)} and ${names.filter((n) => n !== name).join(' and ')} are exclusive: send one, never both${when}`, location));
  }
  return undefined;
}

/** For an error inside an `if`/`then`: " with paymentMethod PIX: <then's description>", read from the failing `if` (Ajv reports it after). */
function conditionOf(error: ErrorObject, all: ErrorObject[]): string {
  const at = error.schemaPath.lastIndexOf('/then/');
  if (at < 0) return '';
  const owner = error.schemaPath.slice(0, at);
  const failed = all.find((e) => e.keyword === 'if' && e.schemaPath === `${owner}/if`);
  if (!failed) return '';
  const rule = failed.parentSchema as Schema;
  const data = (failed.data ?? {}) as Record<string, unknown>;
  const names = Object.keys(((rule.if as Schema)?.properties ?? {}) as Schema);
  const reason = (rule.then as Schema)?.description;
  // A rule of a nested object names its members by their whole path (split.active).
  const object = dotted(failed.instancePath);
  const named = (n: string) => (object ? `${object}.${n}` : n);
  return ` with ${names.map((n) => `${named(n)} ${String(data[n])}`).join(', ')}${reason ? `: ${String(reason)}` : ''}`;
}

/** Ajv's errors as part-7 items: a rule's branch errors give way to the rule's own message; one item per path. */
export function toFieldErrors(errors: ErrorObject[], location: FieldLocation): FieldError[] {
  const rules = errors.filter((e) => (e.keyword === 'anyOf' && Array.isArray(e.schema) && e.schema.every(isRequiredOnly)));
  const insideRule = (e: ErrorObject) => rules.some((r) => e !== r && e.schemaPath.startsWith(`${r.schemaPath}/`));
  const seen = new Set<string>();
  return errors.filter((e) => e.keyword !== 'if' && !insideRule(e))
    .flatMap((e) => {
      const when = conditionOf(e, errors);
      return e.keyword === 'anyOf' || e.keyword === 'not' ? ruleErrors(e, location, when) ?? [] : [toFieldError(e, location, when)];
    })
    .filter((e, _i, all) => !all.some((o) => o.path !== e.path && (o.path.startsWith(`${e.path}.`) || o.path.startsWith(`${e.path}[`))))
    .filter((e) => (seen.has(e.path) ? false : (seen.add(e.path), true)));
}
