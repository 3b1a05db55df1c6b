// fast-check arbitraries from JSON Schema (the subset the sandbox's
// description uses: type, enum, const, format, pattern, min/max, items,
// properties/required, anyOf, allOf on strings, additionalProperties with
// propertyNames). Cross-field rules (anyOf of required, not, if/then) are
// met by forcing one `anyOf` branch's member; the rest is left to the caller,
// which judges each value with a validator of the same schema.
import fc from 'fast-check';

export type Schema = { [key: string]: any } | boolean;
/** An arbitrary to use for a member of this name, wherever it appears (ids that exist, the demo company, ...), or one made from the member's schema. */
export type Hints = Record<string, fc.Arbitrary<unknown> | ((schema: Schema) => fc.Arbitrary<unknown>)>;

const PLAIN_TEXT = '^[^\\u0000\\uD800-\\uDFFF]*$';
const VALID_DOCS = ['52998224725', '529.982.247-25', '11144477735', '39053344705', '11222333000181', '11.222.333/0001-81', '11444777000161'];
const isRequiredOnly = (s: unknown) => !!s && typeof s === 'object' && Object.keys(s).join() === 'required';
const text = (min = 0, max = 12) => fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) }).filter((s) => !s.includes('\u0000'));

function dateTime(): fc.Arbitrary<string> {
  const instant = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
  // Any offset RFC 3339 allows (up to ±23:59), written as the local time at that offset.
  const offset = fc.oneof(fc.constant(0), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }));
  return fc.tuple(instant, offset).map(([at, minutes]) => {
    if (minutes === 0) return at.toISOString();
    const local = new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 23);
    const abs = Math.abs(minutes);
    return `${local}${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  });
}

function stringOf(schema: Record<string, any>): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  // A pattern sets its own lengths (a card number's 13 to 19 digits): 12 would leave the filter below nothing to keep.
  const max = schema.maxLength ?? Math.max(min, schema.pattern ? 64 : 12);
  const fits = (s: string) => s.length >= min && s.length <= max && !s.includes('\u0000');
  const patterns = [schema.pattern, ...((schema.allOf ?? []) as { pattern?: string }[]).map((s) => s.pattern)].filter((p): p is string => !!p && p !== PLAIN_TEXT);
  const matchesAll = (s: string) => patterns.every((p) => new RegExp(p, 'u').test(s));
  switch (schema.format) {
    case 'date-time': return dateTime();
    // Mostly this century; sometimes any four-digit year, where dates made from it (a renewal) may leave the range.
    case 'date': return fc.oneof(
      { arbitrary: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true }), weight: 4 },
      { arbitrary: fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), weight: 1 },
    ).map((d) => d.toISOString().slice(0, 10));
    case 'email': return fc.emailAddress().filter(fits);
    case 'uri': return fc.webUrl().filter(fits);
    case 'ipv4': return fc.ipV4();
    case 'ipv6': return fc.ipV6();
    case 'br-doc': return fc.constantFrom(...VALID_DOCS);
    default: break;
  }
  if (patterns.length) return fc.stringMatching(new RegExp(patterns[0]!, 'u')).filter((s) => fits(s) && matchesAll(s));
  return text(min, max).filter(fits);
}

function numberOf(schema: Record<string, any>, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1_000_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
}

/** A free-form JSON value (an object member with no schema), small. */
const freeValue = (depth: number): fc.Arbitrary<unknown> => (depth <= 0
  ? fc.oneof(text(), fc.integer(), fc.boolean(), fc.constant(null))
  : fc.oneof(text(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(freeValue(depth - 1), { maxLength: 2 }), fc.dictionary(text(1, 6), freeValue(depth - 1), { maxKeys: 2 })));

function objectOf(schema: Record<string, any>, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([, s]) => s !== false);
  const hinted = (name: string, s: Schema) => { const hint = hints[name]; return typeof hint === 'function' ? hint(s) : hint; };
  const model = Object.fromEntries(properties.map(([name, s]) => [name, hinted(name, s) ?? arbitraryOf(s, hints, depth + 1)]));
  const required = ((schema.required ?? []) as string[]).filter((n) => n in model);
  // "one of a, b" (anyOf of required): one branch's member is made required, the other stays optional.
  const branches = Array.isArray(schema.anyOf) && schema.anyOf.every(isRequiredOnly) ? (schema.anyOf as { required: string[] }[]).map((b) => b.required) : [[]];
  const free = schema.additionalProperties && typeof schema.additionalProperties === 'object'
    ? fc.dictionary(schema.propertyNames ? stringOf({ ...schema.propertyNames, minLength: 1, maxLength: 8 }) : text(1, 8), depth > 3 ? freeValue(0) : freeValue(2), { maxKeys: 2 })
    : fc.constant({});
  return fc.constantFrom(...branches).chain((forced) => fc.tuple(
    fc.record(model, { requiredKeys: [...new Set([...required, ...forced.filter((n) => n in model)])] }),
    free,
  ).map(([known, extra]) => ({ ...extra, ...known })));
}

export function arbitraryOf(schema: Schema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return freeValue(1);
  if (schema === false) return fc.constant(undefined);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => arbitraryOf({ ...schema, type }, hints, depth)));
  if (!schema.type && Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((branch: Schema) => arbitraryOf(branch, hints, depth)));
  if (schema.type === 'string' && Array.isArray(schema.anyOf) && !schema.anyOf.every(isRequiredOnly))
    return fc.oneof(...schema.anyOf.map((branch: Record<string, unknown>) => stringOf({ ...schema, ...branch })));
  switch (schema.type) {
    case 'string': return stringOf(schema);
    case 'integer': return numberOf(schema, true);
    case 'number': return numberOf(schema, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const item = schema.items ? arbitraryOf(schema.items, hints, depth + 1) : freeValue(1);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3) };
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object': return objectOf(schema, hints, depth);
    default: return freeValue(1);
  }
}

/** Every member path of a JSON value (["client", "doc"], ["list", 0, "dueDate"], ...), the value itself first. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([key, member]) => pathsOf(member, [...at, key]))];
  return [at];
}

/** A copy of `value` with the member at `path` replaced (or dropped, for `drop`). */
function changed(value: unknown, path: (string | number)[], change: unknown): unknown {
  if (path.length === 0) return change === DROP ? undefined : change;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  if (rest.length === 0 && change === DROP) { if (Array.isArray(copy)) copy.splice(head as number, 1); else delete copy[head!]; }
  else copy[head!] = changed(copy[head!], rest, change);
  return copy;
}
const DROP = Symbol('drop');

/**
 * A value made wrong in one place, at any depth: a member dropped, or replaced by a value of
 * another type, a NUL, half an emoji, a 16-hour offset, an emoji-split card number, a huge number.
 */
export function brokenOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const wrong = fc.constantFrom<unknown>(DROP, '\u0000', 'a\ud800b', 1.5, -1, '', [], {}, null, 'NOT_A_VALUE', Number.MAX_SAFE_INTEGER, 1e300,
    '2026-01-01T00:00:00+16:00', 'x'.repeat(300), '4111111111😀abc');
  return fc.tuple(valid, fc.nat(), wrong).map(([value, n, change]) => {
    const paths = pathsOf(value).filter((p) => p.length > 0);
    return paths.length ? changed(value, paths[n % paths.length]!, change) : value;
  });
}
