// Sandbox only: arm and read the dropped answers of http/answer-drops.ts, beside the provider faults.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SandboxContext } from '../context.js';
import { DROP_PATHS, type AnswerDrops } from '../http/answer-drops.js';
import { CompanyId, ERROR_RESPONSES } from '../schemas/common.js';
import { SECURITY } from './plugin.js';

const Drop = Type.Object({
  _id: Type.String(), companyId: Type.String(), path: Type.Enum([...DROP_PATHS]), at: Type.String({ format: 'date-time' }),
  status: Type.Integer({ description: 'the answer that was written and never sent' }),
  idempotencyKey: Type.Union([Type.String(), Type.Null()], { description: 'the dropped request\'s Idempotency-Key; null: it had none' }),
  retried: Type.Boolean({ description: 'a later request with that key got the kept answer back (Idempotent-Replayed: true)' }),
});

export const answerDropRoutes: FastifyPluginAsyncTypebox<{ ctx: SandboxContext; drops: AnswerDrops }> = async (app, { drops }) => {
  app.post('/sandbox/v1/faults/drops', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['provider faults'], summary: 'Sandbox only: drop the connection after the next answers are committed', security: SECURITY,
      description: 'The company\'s next `count` POSTs to `path` (default 1) are run and written as usual (an Idempotency-Key\'s answer kept), then the connection is closed with no answer: the network failed between the sandbox and the merchant\'s server after the sandbox answered. A request refused with a 4xx is not dropped. A merchant\'s server should retry with the same Idempotency-Key and get the kept answer back (GET /sandbox/v1/faults/drops says whether it did). Kept in the sandbox process\'s memory.',
      body: Type.Object({ companyId: CompanyId, path: Type.Enum([...DROP_PATHS], { description: 'the call whose answer is lost' }), count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })) }),
      response: { 200: Type.Object({ armed: Type.Integer() }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, path, count = 1 } = request.body;
    drops.arm(companyId, path, count);
    return { armed: count };
  });

  app.get('/sandbox/v1/faults/drops', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['provider faults'], summary: 'Sandbox only: the answers dropped, oldest first, and whether each was retried with its key', security: SECURITY,
      querystring: Type.Object({ companyId: CompanyId }), response: { 200: Type.Object({ items: Type.Array(Drop) }), ...ERROR_RESPONSES },
    },
  }, async (request) => ({ items: drops.list(request.query.companyId) as never }));

  app.delete('/sandbox/v1/faults/drops', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['provider faults'], summary: 'Sandbox only: forget the company\'s armed and past drops', security: SECURITY,
      querystring: Type.Object({ companyId: CompanyId }), response: { 200: Type.Object({ removed: Type.Integer({ minimum: 0 }) }), ...ERROR_RESPONSES },
    },
  }, async (request) => ({ removed: drops.clear(request.query.companyId) }));
};
