// The port protocol between <svc-card-form> in frame mode and the card frame (issue 9).
// Every message is `{ v: 1, type, ...members }`; a message of an unknown version or type, with
// an unknown or ill-typed member, or longer than MAX_MESSAGE_CHARS is dropped (null), never
// half-read. Nothing in the frame -> parent direction can hold card data: flags, brand id,
// reasons and messages, the token and error codes only.

import { FIELDS } from '../shared/fields.js';

export const PROTOCOL_VERSION = 1;
/** The longest message, as JSON: the `strings` overrides are the largest legitimate one. */
export const MAX_MESSAGE_CHARS = 32_768;

/** A member's check. */
export type Check = (value: unknown) => boolean;
/** A direction's schema: message type -> check of its members. */
export type Schema = Record<string, Check>;
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
export const text = (max: number): Check => (v) => typeof v === 'string' && v.length <= max;
export const bool: Check = (v) => typeof v === 'boolean';
export const count: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
/** A finite number >= 0 (the plans' amounts and fee). */
export const amount: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
/** A member `record` lets be absent (issue 11's extras); present, it must pass `check`. */
export const optional = (check: Check): Check => Object.assign((v: unknown) => check(v), { optional: true });
export const oneOf = (...values: unknown[]): Check => (v) => values.includes(v);
export const field = oneOf(...FIELDS);
export const list = (item: Check, max: number): Check => (v) => Array.isArray(v) && v.length <= max && v.every(item);
/** An object with exactly the members of `shape`, each passing its check. */
export const record = (shape: Record<string, Check>): Check => (v) =>
  isObject(v) && Object.keys(shape).every((k) => k in v || 'optional' in shape[k]!) && Object.entries(v).every(([k, m]) => Object.hasOwn(shape, k) && shape[k]!(m));
/** An object of any member names matching `key`, each value passing `value`. */
export const map = (key: RegExp, value: Check, max: number): Check => (v) =>
  isObject(v) && Object.keys(v).length <= max && Object.entries(v).every(([k, m]) => key.test(k) && value(m));

/** A message that passed the schema: its type and its members (without v and type). */
export interface Message {
  type: string;
  body: Record<string, unknown>;
}

/** The message, or null when it is anything but a known, well-formed one of `schema`. */
export function readMessage(data: unknown, schema: Schema): Message | null {
  try {
    if (!isObject(data) || data.v !== PROTOCOL_VERSION || typeof data.type !== 'string') return null;
    if (JSON.stringify(data).length > MAX_MESSAGE_CHARS) return null;
    const { v: _, type, ...body } = data;
    return Object.hasOwn(schema, type) && schema[type]!(body) ? { type, body } : null;
  } catch {
    return null; // a getter or toJSON that throws: not a message
  }
}

/** A message of `type` in the wire format. */
export const message = (type: string, body: Record<string, unknown> = {}): Record<string, unknown> => ({ v: PROTOCOL_VERSION, type, ...body });
