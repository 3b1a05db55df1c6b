// Minimal assertions for the WebKit runner, with messages that show what came.
import { deepStrictEqual, ok } from 'node:assert/strict';

export const equal = (actual, expected, what) => deepStrictEqual(actual, expected, `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
export const truthy = (value, what) => ok(value, what);
