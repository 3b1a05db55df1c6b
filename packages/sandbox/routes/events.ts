// Sandbox only: the events the company's moves emitted (http/docs/events.ts),
// as webhooks receive them, without a receiver: oldest first, paged by `after`.
import { Type } from 'typebox';
import { listEvents } from '../store/events.js';
import { CompanyId, ERROR_RESPONSES, Timestamp } from '../schemas/common.js';
import { EVENT_TYPES, readableTypes } from '../webhooks/event-permissions.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

const Event = Type.Object({
  id: Type.String(), seq: Type.Integer({ description: 'the order the events were made in; pass the last one as `after`' }),
  type: Type.Enum(EVENT_TYPES), companyId: Type.String(), createdAt: Timestamp,
  data: Type.Object({}, { additionalProperties: true, description: 'the record as written, under its resource\'s name; previousStatus and move for a move (see "Events")' }),
});

export const eventRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/sandbox/v1/events', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['webhooks'], summary: 'Sandbox only: the company\'s events, oldest first', security: SECURITY,
      description: 'The events a webhook of this credential could receive (those whose resource it may read: "Tenants kept apart"), in the order they were made, at most `limit` (default 100) after the event numbered `after` (default 0). type narrows to one event type.',
      querystring: Type.Object({
        companyId: CompanyId, type: Type.Optional(Type.Enum(EVENT_TYPES)),
        after: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_007_199_254_740_991, default: 0 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
      }),
      response: { 200: Type.Object({ items: Type.Array(Event) }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, type, after = 0, limit = 100 } = request.query;
    return { items: (await listEvents(ctx.db, { companyId, types: readableTypes(request.credential!, type), afterSeq: after, limit })) as never };
  });
};
