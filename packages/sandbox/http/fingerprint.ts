// What makes two requests "the same" for an Idempotency-Key: the method, the
// path and the body as JSON in canonical form (members sorted by name at every
// depth, no whitespace), hashed with SHA-256. So member order and spacing do
// not count; every value, and every member sent, does.
import { createHash } from 'node:crypto';

/** JSON with object members sorted by name (UTF-16 order) at every depth; undefined members dropped, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value).sort().filter((name) => (value as Record<string, unknown>)[name] !== undefined);
    return `{${members.map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of `METHOD path`, a newline and the body's canonical JSON. */
export const requestFingerprint = (method: string, path: string, body: unknown): string =>
  createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`).digest('hex');
