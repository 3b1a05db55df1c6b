// Webhooks (sandbox only; part 6 shows no configuration): a company's
// endpoints and every delivery with its answers. A webhook belongs to the
// credential that registered it: it receives only the event types asked for
// that this credential may read, judged at each event and each attempt
// (webhooks/event-permissions.ts); its URL is judged by webhooks/targets.ts.
// An update is judged as a registration (webhook-registration.ts) and keeps
// the secret.
import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { fieldError, invalid, notFound } from '../base/errors.js';
import { CompanyId, ERROR_RESPONSES, Id } from '../schemas/common.js';
import { newId } from '../store/tables.js';
import { changeWebhook, countLiveWebhooks, hasDelivery, insertWebhook, listDeliveries, listWebhooks, lockWebhook, removeWebhook } from '../store/webhooks.js';
import { EVENT_TYPES, MAX_WEBHOOKS_PER_COMPANY, readableTypes } from '../webhooks/event-permissions.js';
import { DISABLE_AFTER_MS } from '../webhooks/endpoint-health.js';
import { strictPolicy } from '../webhooks/targets.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { checkRegistration } from './webhook-registration.js';

const Events = Type.Array(Type.Enum(EVENT_TYPES), { minItems: 1, uniqueItems: true, description: 'The event types to receive; absent: every type the credential may read' });
const Url = Type.String({ format: 'uri', pattern: '^https?://' });
const Listed = Type.Object({
  _id: Type.String(), companyId: Type.String(), url: Type.String(), events: Type.Optional(Events),
  keyId: Type.Optional(Type.String({ description: 'The credential that registered it: its permissions decide what it receives (absent on webhooks made before issue 29: they deliver nothing)' })), createdAt: Type.String({ format: 'date-time' }),
  disabledAt: Type.Optional(Type.String({ format: 'date-time', description: `When it was disabled for failing ${DISABLE_AFTER_MS / 86_400_000} days (company clock) with no 2xx; absent while enabled. PUT enables it again` })),
});
const Webhook = Type.Object({ ...Listed.properties, secret: Type.String({ description: 'HMAC-SHA256 key of svc-signature; shown once, here' }) });
const Delivery = Type.Object({
  _id: Type.String(), eventId: Type.String(), eventType: Type.String(), webhookId: Type.String(), url: Type.String(),
  status: Type.Enum(['pending', 'succeeded', 'failed']), attempts: Type.Integer(), nextAttemptAt: Type.String({ format: 'date-time' }),
  answers: Type.Array(Type.Object({ at: Type.String({ format: 'date-time' }), status: Type.Optional(Type.Integer()), error: Type.Optional(Type.String({ description: '"no answer", or "refused: <why>"' })) })),
});

/** A row as the answer shows it: no member for "all events" or an unknown registrant. */
const listed = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));

export const webhookRoutes: ResourceRoutes = async (app, { ctx }) => {
  const targets = ctx.webhookTargets ?? strictPolicy();

  app.post('/sandbox/v1/webhooks', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['webhooks'], summary: 'Add a webhook endpoint for a company', security: SECURITY,
      description: `Later events of the company are POSTed to url, signed: svc-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>; svc-event-id and svc-event-type name it. Only the types in events (default all) that the registering credential may read: each asked type needs its read permission (403). Public and loopback addresses, never the sandbox's own port (400 on url; "Tenants kept apart"). At most ${MAX_WEBHOOKS_PER_COMPANY} per company. Non-2xx or no answer: retried after 1 s, 2 s, 4 s, ... 6 attempts in all. An endpoint that answers no attempt with a 2xx for ${DISABLE_AFTER_MS / 86_400_000} days is disabled ("Tenants kept apart").` + beyondSchema({
        url: 'a public or loopback http(s) address, not the sandbox\'s own port, not a cloud metadata service',
        companyId: `a company with fewer than ${MAX_WEBHOOKS_PER_COMPANY} webhooks`,
      }),
      body: Type.Object({ companyId: CompanyId, url: Url, events: Type.Optional(Events) }),
      response: { 200: Webhook, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, url, events } = request.body;
    const credential = request.credential!;
    checkRegistration(credential, url, events, targets);
    const webhook = { _id: `wh_${newId()}`, companyId, url, ...(events ? { events } : {}), keyId: credential.keyId, secret: `whsec_${randomBytes(24).toString('base64url')}` };
    return ctx.db.transaction(async (tx) => {
      if (await countLiveWebhooks(tx, companyId) >= MAX_WEBHOOKS_PER_COMPANY)
        throw invalid(fieldError('companyId', `companyId has ${MAX_WEBHOOKS_PER_COMPANY} webhooks: a company keeps at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks (DELETE /sandbox/v1/webhooks one first)`));
      return { ...webhook, createdAt: await insertWebhook(tx, webhook) };
    });
  });

  app.get('/sandbox/v1/webhooks', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['webhooks'], summary: 'The company\'s webhooks, oldest first (secrets are shown only when one is added)', security: SECURITY,
      querystring: Type.Object({ companyId: CompanyId }),
      response: { 200: Type.Object({ items: Type.Array(Listed) }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    return { items: (await listWebhooks(ctx.db, request.query.companyId)).map(listed) as never };
  });

  app.put('/sandbox/v1/webhooks', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['webhooks'], summary: 'Change a webhook\'s url or events, as registering would (the same url checks; the credential must read every type it will receive, and becomes its credential); id, secret and createdAt stay', security: SECURITY,
      description: 'url and events (null: every type the credential may read) replace the webhook\'s; one of them at least (400 on url). A disabled webhook is enabled again. Pending deliveries go to the new url; those of a type no longer asked for fail, "refused: the webhook no longer asks for <type>". 404 when the company has no such webhook.' + beyondSchema({ url: 'or events: one of them at least; a url registration accepts (the same target checks)' }),
      body: Type.Object({ companyId: CompanyId, webhookId: Id('The webhook to change'), url: Type.Optional(Url), events: Type.Optional(Type.Union([Events, Type.Null()])) }),
      response: { 200: Listed, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, webhookId } = request.body;
    if (request.body.url === undefined && request.body.events === undefined) throw invalid(fieldError('url', 'url or events must be given: the change to make'));
    const credential = request.credential!;
    return ctx.db.transaction(async (tx) => {
      const current = await lockWebhook(tx, companyId, webhookId);
      if (!current) throw notFound('no webhook of this company with this webhookId');
      const url = request.body.url ?? current.url;
      const events = request.body.events === undefined ? current.events ?? undefined : request.body.events ?? undefined;
      checkRegistration(credential, url, events, targets);
      const row = await changeWebhook(tx, { companyId, webhookId, url, ...(events ? { events } : {}), keyId: credential.keyId, at: ctx.now(companyId).toISOString() });
      return listed(row) as never;
    });
  });

  app.delete('/sandbox/v1/webhooks', {
    config: { auth: 'transaction.write' },
    schema: {
      tags: ['webhooks'], summary: 'Remove a webhook: no more deliveries (those pending fail, "refused: webhook deleted"); past ones stay listed', security: SECURITY,
      querystring: Type.Object({ companyId: CompanyId, webhookId: Id('The webhook to remove') }),
      response: { 200: Listed, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, webhookId } = request.query;
    return ctx.db.transaction(async (tx) => {
      const row = await removeWebhook(tx, companyId, webhookId, ctx.now(companyId).toISOString());
      if (!row) throw notFound('no webhook of this company with this webhookId');
      return listed(row) as never;
    });
  });

  app.get('/sandbox/v1/webhooks/deliveries', {
    config: { auth: 'transaction.read' },
    schema: {
      tags: ['webhooks'], summary: 'The company\'s deliveries, newest first (by their event\'s time), with every answer; paged by `after`', security: SECURITY,
      description: 'The deliveries of the events this credential may read (as GET /sandbox/v1/events lists them: "Tenants kept apart"), newest first: by their event\'s time, then the order the events were made. At most `limit` (default 100); for the next page pass the last one\'s `_id` as `after`. A page shorter than `limit` is the last. eventType narrows to one event type.' + beyondSchema({
        after: 'a delivery of this company, of a type this credential may read (400 otherwise)',
      }),
      querystring: Type.Object({
        companyId: CompanyId, eventType: Type.Optional(Type.Enum(EVENT_TYPES)),
        after: Type.Optional(Id('A delivery\'s _id: the deliveries after it in this list (older)')),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
      }),
      response: { 200: Type.Object({ items: Type.Array(Delivery) }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, eventType, after, limit = 100 } = request.query;
    const types = readableTypes(request.credential!, eventType);
    if (after !== undefined && !(await hasDelivery(ctx.db, companyId, types, after))) {
      throw invalid(fieldError('after', `no delivery of this company${eventType ? ` of type ${eventType}` : ''} with this _id`));
    }
    return { items: await listDeliveries(ctx.db, { companyId, types, after, limit }) as never };
  });
};
