// Webhooks (sandbox only; part 6 shows no configuration): a company's
// endpoints and every delivery with its answers.
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { CompanyId, ERROR_RESPONSES } from '../schemas/common.js';
import { newId } from '../store/tables.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

const Webhook = Type.Object({ _id: Type.String(), companyId: Type.String(), url: Type.String(), secret: Type.String({ description: 'HMAC-SHA256 key of svc-signature' }) });
const Delivery = Type.Object({
  _id: Type.String(), eventId: Type.String(), eventType: Type.String(), webhookId: Type.String(), url: Type.String(),
  status: Type.Enum(['pending', 'succeeded', 'failed']), attempts: Type.Integer(), nextAttemptAt: Type.String(),
  answers: Type.Array(Type.Object({ at: Type.String(), status: Type.Optional(Type.Integer()), error: Type.Optional(Type.String()) })),
});

export const webhookRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/sandbox/v1/webhooks', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['webhooks'], summary: 'Add a webhook endpoint for a company', security: SECURITY,
      description: 'Every later event of the company is POSTed to url, signed: svc-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>; svc-event-id and svc-event-type name it. Non-2xx or no answer: retried after 1 s, 2 s, 4 s, ... 6 attempts in all.',
      body: Type.Object({ companyId: CompanyId, url: Type.String({ format: 'uri', pattern: '^https?://' }) }),
      response: { 200: Webhook, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const webhook = { _id: `wh_${newId()}`, companyId: request.body.companyId, url: request.body.url, secret: `whsec_${randomBytes(24).toString('base64url')}` };
    await ctx.db.query('INSERT INTO webhooks (id, company_id, url, secret) VALUES ($1, $2, $3, $4)', [webhook._id, webhook.companyId, webhook.url, webhook.secret]);
    return webhook;
  });

  app.get('/sandbox/v1/webhooks/deliveries', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['webhooks'], summary: 'The company\'s last 100 deliveries, newest first (by their event\'s time), with every answer', security: SECURITY,
      querystring: Type.Object({ companyId: CompanyId, eventType: Type.Optional(Type.String()) }),
      response: { 200: Type.Object({ items: Type.Array(Delivery) }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const rows = await ctx.db.query<Record<string, unknown>>(`SELECT d.id AS "_id", d.event_id AS "eventId", e.type AS "eventType", d.webhook_id AS "webhookId", w.url, d.status, d.attempts,
        to_char(d.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "nextAttemptAt", d.answers
      FROM deliveries d JOIN events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.company_id = $1 AND ($2::text IS NULL OR e.type = $2) ORDER BY d.created_at DESC, e.seq DESC, d.id DESC LIMIT 100`, [request.query.companyId, request.query.eventType ?? null]);
    return { items: rows as never };
  });
};
