// Defects a merchant met trying the sandbox and its typed client (session 22):
// each test failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../packages/sandbox/server.js';
import { call, memorySandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await memorySandbox(); });
afterAll(async () => sandbox?.close());

describe('field errors', () => {
  it('a refused path parameter is named with location path, not body (the request had no body)', async () => {
    for (const [url, name] of [['/sandbox/v1/products/%00', 'productId'], ['/sandbox/3ds/challenge/%00', 'reference']] as const) {
      const answer = await call(sandbox, 'GET', url);
      expect(answer.status).toBe(400);
      expect(answer.body.error_messages).toEqual([expect.objectContaining({ type: 'field', path: name, location: 'path' })]);
    }
  });
});
