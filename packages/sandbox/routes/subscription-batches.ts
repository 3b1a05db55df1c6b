// POST /v1/subscription/list (4.5): batch creation through a queue; the
// sandbox shows each batch's progress and every item's outcome.
import { Type } from 'typebox';
import { missingOrForeign } from '../store/not-yours.js';
import { CompanyId, ERROR_RESPONSES } from '../schemas/common.js';
import { CreateSubscriptionV2Body, ORIGINS } from '../schemas/subscription.js';
import { newId } from '../store/tables.js';
import { batchOf, queueBatch } from '../store/batches.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const BATCH_MAX_ITEMS = 1_000;
/** 1,000 items of about 1 KiB each (ids, a due date, an external reference, a few metadata members: about 350 bytes measured) fit: 1 MiB for this route only. */
export const BATCH_BODY_LIMIT_BYTES = 1024 * 1024;
const { companyId: _companyId, ...itemProperties } = CreateSubscriptionV2Body.properties;
const BatchItem = Type.Object({
  ...itemProperties,
  origin: Type.Optional(Type.Enum([...ORIGINS], { default: 'IMPORTED', description: 'IMPORTED unless the item says another' })),
}, { description: 'a POST /v2/subscription body without companyId; its subscription and first charge are made IMPORTED' });
const ItemResult = Type.Object({
  index: Type.Integer(), status: Type.Enum(['created', 'failed']), subscriptionId: Type.Optional(Type.String()), chargeId: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(Type.Object({ msg: Type.String(), type: Type.Optional(Type.String()), path: Type.Optional(Type.String()), location: Type.Optional(Type.String()) }))),
});
const Batch = Type.Object({
  _id: Type.String(), companyId: Type.String(), status: Type.Enum(['queued', 'running', 'done']),
  total: Type.Integer(), processed: Type.Integer(), created: Type.Integer(), failed: Type.Integer(), results: Type.Array(ItemResult),
});

export const subscriptionBatchRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/subscription/list', {
    config: { auth: 'subscription.write' },
    bodyLimit: BATCH_BODY_LIMIT_BYTES,
    schema: {
      tags: ['subscriptions'], summary: 'Request batch creation of subscriptions (queued)', security: SECURITY,
      description: `Each item is a POST /v2/subscription body without companyId, made as POST /v2/subscription makes it except that the subscription and its first charge start IMPORTED (origin IMPORTED unless the item names another); they leave IMPORTED as CREATED and ACTIVE ones would (paid, a failed attempt, overdue: "Billing statuses") (at most ${BATCH_MAX_ITEMS}, in a body of at most ${BATCH_BODY_LIMIT_BYTES / 1024} KiB, this route's own limit); filter is kept as given. The answer's batchId reads progress at GET /sandbox/v1/subscription/batches/{batchId}.`,
      body: Type.Object({ companyId: CompanyId, list: Type.Array(BatchItem, { minItems: 1, maxItems: BATCH_MAX_ITEMS }), filter: Type.Optional(Type.Object({}, { additionalProperties: true })) }),
      response: { 200: Type.Object({ message: Type.String(), batchId: Type.String() }), ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const batchId = `batch_${newId()}`;
    await queueBatch(ctx.db, { id: batchId, companyId: request.body.companyId, items: request.body.list, filter: request.body.filter });
    return { message: `${request.body.list.length} subscriptions queued for creation`, batchId };
  });

  app.get('/sandbox/v1/subscription/batches/:batchId', {
    config: { auth: 'subscription.read' },
    schema: {
      tags: ['subscriptions'], summary: 'A batch\'s progress and each item\'s outcome', security: SECURITY,
      params: Type.Object({ batchId: Type.String() }), response: { 200: Batch, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const row = await batchOf(ctx.db, request.params.batchId, request.credential!.companies);
    if (!row) throw await missingOrForeign(ctx.db, 'batches', { id: request.params.batchId }, `batch ${request.params.batchId}`, 'the credential\'s companies');
    const created = row.results.filter((r) => r.status === 'created').length;
    return { _id: row.id, companyId: row.company_id, status: row.status as never, total: row.items.length, processed: row.results.length, created, failed: row.results.length - created, results: row.results as never };
  });
};
