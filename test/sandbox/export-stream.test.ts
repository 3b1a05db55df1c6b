// Exports never start what they cannot finish (issue 24): the first batch is
// read before the first byte; a failure after it ends the answer so a client
// knows (no closing `]`, no last chunk).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../packages/sandbox/db/database.js';
import { exportStream } from '../../packages/sandbox/db/export-stream.js';

const row = (i: number) => ({ data: { _id: `s${i}` }, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), id: `s${i}` });
/** A database that answers `batches` one after another, then fails. */
const failingAfter = (batches: unknown[][]): Queryable => {
  let calls = 0;
  return { query: async (sql: string) => {
    if (batches.length && sql.includes(' OFFSET ')) return [] as never; // the check for more records than max: none
    if (calls < batches.length) return batches[calls++] as never;
    throw Object.assign(new Error('connection lost'), { code: '57P01' });
  } } as unknown as Queryable;
};
const params = { 'sort.direction': 'desc', 'sort.property': 'createdAt' } as const;

async function text(stream: NodeJS.ReadableStream): Promise<{ text: string; error?: unknown }> {
  let out = '';
  try { for await (const chunk of stream) out += String(chunk); } catch (error) { return { text: out, error }; }
  return { text: out };
}

describe('exportStream', () => {
  it('a first query that fails rejects before any byte (the route answers an error, not a 200 with "[")', async () => {
    await expect(exportStream(failingAfter([]), 'subscriptions', ['c'], params, [], 10)).rejects.toThrow('connection lost');
  });

  it('a whole export is one JSON array', async () => {
    const stream = await exportStream(failingAfter([[row(1), row(2)], [row(3)]]), 'subscriptions', ['c'], params, [], 10, 2);
    expect(JSON.parse((await text(stream)).text)).toEqual([{ _id: 's1' }, { _id: 's2' }, { _id: 's3' }]);
  });

  it('a failure after the first byte errors the stream: what came has no closing "]" and is not JSON', async () => {
    const stream = await exportStream(failingAfter([[row(1), row(2)]]), 'subscriptions', ['c'], params, [], 10, 2);
    const read = await text(stream);
    expect(read.error).toBeDefined();
    expect(read.text).toBe('[{"_id":"s1"},{"_id":"s2"}');
    expect(() => JSON.parse(read.text)).toThrow();
  });

  it('over HTTP, the answer to a failure after the first byte ends without the last chunk: the client\'s read fails', async () => {
    const app = Fastify({ logger: false });
    app.get('/export', async (_request, reply) => reply.type('application/json').send(
      await exportStream(failingAfter([[row(1), row(2)]]), 'subscriptions', ['c'], params, [], 10, 2) as never));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${base}/export`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
