// Sandbox only: deliver events again, in an order of the caller's choosing, so a merchant sees
// its receiver take a webhook twice and two out of order (the check's scenario; real networks
// and at-least-once delivery do both). The deliveries are ordinary ones: signed, retried, listed.
import { Type } from 'typebox';
import { beyondSchema } from '../http/beyond-schema.js';
import { fieldError, invalid } from '../base/errors.js';
import { CompanyId, ERROR_RESPONSES } from '../schemas/common.js';
import { foreignEvents, redeliverEvents } from '../store/webhooks.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const MAX_REDELIVERED = 100;

export const redeliveryRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/sandbox/v1/webhooks/redeliver', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['webhooks'], summary: 'Sandbox only: deliver events again, in the order given', security: SECURITY,
      description: 'Each event of eventIds becomes a new delivery to every live webhook of the company that receives its type, the first due now on the company\'s clock and each next one spacingMs later (default 300), so they go out in the order given: list an event twice to deliver it twice, a later one first to deliver two out of order. The same event id, signature scheme and retries as the first delivery; a receiver should answer 2xx to each and act once per event id (reading the record\'s current state rather than trusting the order).' + beyondSchema({ eventIds: 'only events the company has (GET /sandbox/v1/events)' }),
      body: Type.Object({
        companyId: CompanyId,
        eventIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: MAX_REDELIVERED, description: 'events of the company (GET /sandbox/v1/events), in the order to deliver them' }),
        spacingMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 300, description: 'between one delivery\'s due time and the next' })),
      }),
      response: { 200: Type.Object({ items: Type.Array(Type.Object({ _id: Type.String(), eventId: Type.String(), webhookId: Type.String(), nextAttemptAt: Type.String({ format: 'date-time' }) })) }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, eventIds, spacingMs = 300 } = request.body;
    const unknown = await foreignEvents(ctx.db, companyId, eventIds);
    if (unknown.length) throw invalid(fieldError('eventIds', `eventIds names ${unknown.length === 1 ? 'an event' : 'events'} the company does not have: ${unknown.slice(0, 3).join(', ')}`));
    return { items: await redeliverEvents(ctx.db, companyId, eventIds, ctx.now(companyId), spacingMs) as never };
  });
};
