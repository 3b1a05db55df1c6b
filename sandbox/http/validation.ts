// Request validation: Ajv compiles the routes' JSON Schemas (the same ones
// @fastify/swagger publishes). Bodies are not coerced ("1" is not 1); query
// strings are, as every query value arrives as text. allErrors: every bad
// field is listed at once. Cross-field rules are keywords, so they are part
// of the schema and land in the same error list.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isValidDoc } from '../clients/doc.js';
import { fieldError, type FieldError, type FieldLocation } from './errors.js';
import { PAYMENT_METHODS } from '../schemas/common.js';

// ajv-formats is CommonJS: its default export is the function (or wraps it).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv, formats?: string[]) => Ajv;

/** Formats of our own, with the message a refusal says. */
export const FORMAT_MESSAGES: Record<string, string> = {
  'br-doc': 'must be a valid CPF (11 digits) or CNPJ (14 digits): punctuation is ignored, check digits are checked',
  date: 'must be a date YYYY-MM-DD',
  'date-time': 'must be an ISO 8601 date-time',
  email: 'must be an e-mail address',
};

export function createAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults: true, strict: false, verbose: true });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri', 'ipv4', 'ipv6']);
  ajv.addFormat('br-doc', { type: 'string', validate: isValidDoc });
  // x-exclusive: [a, b]: never both members in one object; both are named.
  ajv.addKeyword({
    keyword: 'x-exclusive', type: 'object', errors: true,
    validate: function exclusive(this: unknown, names: string[], data: Record<string, unknown>, _s: unknown, ctx?: { instancePath: string }) {
      const present = names.filter((n) => data[n] !== undefined);
      if (present.length < 2) return true;
      (exclusive as unknown as { errors: Partial<ErrorObject>[] }).errors = present.map((n) => ({
        keyword: 'x-exclusive', instancePath: `${ctx?.instancePath ?? ''}/${n}`, params: {},
        message: `cannot come with ${present.filter((o) => o !== n).join(', ')}: send either ${names.join(' or ')}, never both`,
      }));
      return false;
    },
  });
  // x-one-required: [a, b]: at least one of them (named by the first).
  ajv.addKeyword({
    keyword: 'x-one-required', type: 'object', errors: true,
    validate: function oneRequired(names: string[], data: Record<string, unknown>, _s: unknown, ctx?: { instancePath: string }) {
      if (names.some((n) => data[n] !== undefined)) return true;
      (oneRequired as unknown as { errors: Partial<ErrorObject>[] }).errors = [{
        keyword: 'x-one-required', instancePath: `${ctx?.instancePath ?? ''}/${names[0]}`, params: {}, message: `is required (or ${names.slice(1).join(', ')})`,
      }];
      return false;
    },
  });
  // x-card-for: [methods]: a token or paymentProfile is required when paymentMethod is one of them,
  // and refused when it is another (a PIX or boleto payment never takes a card): each sent one is named.
  ajv.addKeyword({
    keyword: 'x-card-for', type: 'object', errors: true,
    validate: function cardFor(methods: string[], data: Record<string, unknown>, _s: unknown, ctx?: { instancePath: string }) {
      const method = data.paymentMethod as string;
      const sent = ['token', 'paymentProfile'].filter((n) => data[n] !== undefined);
      if (!(PAYMENT_METHODS as readonly unknown[]).includes(method)) return true; // an unknown method is the enum's error
      const carded = methods.includes(method);
      if (carded ? sent.length > 0 : sent.length === 0) return true;
      (cardFor as unknown as { errors: Partial<ErrorObject>[] }).errors = carded
        ? [{ keyword: 'x-card-for', instancePath: `${ctx?.instancePath ?? ''}/token`, params: {}, message: 'is required for a card payment (or paymentProfile)' }]
        : sent.map((n) => ({ keyword: 'x-card-for', instancePath: `${ctx?.instancePath ?? ''}/${n}`, params: {}, message: `must not be sent with paymentMethod ${method}: only ${methods.join(' and ')} take a card` }));
      return false;
    },
  });
  return ajv;
}

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && !Number.isInteger(value) ? 'a fraction' : typeof value;

/** `/split/rules/0/percentage` -> `split.rules[0].percentage`. */
function dotted(pointer: string): string {
  return pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** One Ajv error as a part-7 field item; the message names the field and what was expected (never the value). */
export function toFieldError(error: ErrorObject, location: FieldLocation): FieldError {
  let path = dotted(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const join = (name: unknown) => (path ? `${path}.${String(name)}` : String(name));
  let what = error.message ?? 'is invalid';
  if (error.keyword === 'required') { path = join(params.missingProperty); what = 'is required'; }
  else if (error.keyword === 'additionalProperties') { path = join(params.additionalProperty); what = 'is not a field of this request'; }
  else if (error.keyword === 'enum') what = `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
  else if (error.keyword === 'type') what = `must be ${String(params.type)}, got ${typeName(error.data)}`;
  else if (error.keyword === 'pattern' && typeof error.parentSchema?.['x-pattern-message'] === 'string') what = error.parentSchema['x-pattern-message'];
  else if (error.keyword === 'format') what = FORMAT_MESSAGES[String(params.format)] ?? `must be ${String(params.format)}`;
  const name = path || (location === 'query' ? 'query' : 'body');
  return fieldError(name, `${name} ${what}`, location);
}

/** Ajv can report one field twice (anyOf branches); keep the first per path. */
export function toFieldErrors(errors: ErrorObject[], location: FieldLocation): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'if').map((e) => toFieldError(e, location))
    .filter((e) => (seen.has(e.path) ? false : (seen.add(e.path), true)));
}
