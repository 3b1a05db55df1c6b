// Subscriptions (4.5): list, exports (streamed, at most 10,000), full.
import { exportStream } from '../db/export-stream.js';
import { listPage, scopeOf, type Filter } from '../db/list.js';
import { missingOrForeign } from '../store/not-yours.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Page } from '../schemas/list.js';
import { Subscription, SubscriptionExportQuery, SubscriptionFull, SubscriptionFullQuery, SubscriptionListQuery } from '../schemas/subscription.js';
import { clients, products } from '../store/tables.js';
import { Type } from 'typebox';
import { findSubscriptionIn, recordsOfSubscription } from '../store/subscription-records.js';
import { LIST_CURSOR, beyondSchema, exportRange } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const SUBSCRIPTION_EXPORT_MAX = 10_000;

const filtersOf = (query: { clientId?: string; productId?: string; status?: string }): Filter[] => [
  ...(query.clientId ? [['client_id = ?', query.clientId] as Filter] : []),
  ...(query.productId ? [['product_id = ?', query.productId] as Filter] : []),
  ...(query.status ? [['status = ?', query.status] as Filter] : []),
];

export const subscriptionReadRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.get('/v1/subscription', {
    config: { auth: 'subscription.read' },
    schema: { tags: ['subscriptions'], summary: 'List subscriptions', security: SECURITY, description: 'Paginated (see Lists at scale).' + beyondSchema(LIST_CURSOR), querystring: SubscriptionListQuery, response: { 200: Page(Subscription), ...ERROR_RESPONSES } },
  }, async (request) => listPage(ctx.db, 'subscriptions', scopeOf(request.credential!.companies, request.query.companyId), request.query, filtersOf(request.query)));

  app.get('/v1/subscription/exports', {
    config: { auth: 'subscription.read' },
    schema: {
      tags: ['subscriptions'], summary: 'Export subscriptions (a JSON array, at most 10,000)', security: SECURITY,
      description: 'The list\'s filters and sort, without pages; streamed.' + beyondSchema(exportRange(SUBSCRIPTION_EXPORT_MAX)),
      querystring: SubscriptionExportQuery, response: { 200: Type.Array(Subscription, { maxItems: SUBSCRIPTION_EXPORT_MAX }), ...ERROR_RESPONSES },
    },
  }, async (request, reply) => {
    const stream = await exportStream(ctx.db, 'subscriptions', scopeOf(request.credential!.companies, request.query.companyId), request.query, filtersOf(request.query), SUBSCRIPTION_EXPORT_MAX);
    // A stream skips the response serializer; the items are stored response bodies already.
    return reply.type('application/json; charset=utf-8').send(stream as never);
  });

  app.get('/v1/subscription/full', {
    config: { auth: 'subscription.read' },
    schema: {
      tags: ['subscriptions'], summary: 'One subscription with its product, client, charges and transactions', security: SECURITY,
      description: 'Query: subscriptionId (companyId optional, one or several). product {_id, title, price} and client {_id, name, doc} when it has them; charges and transactions: every one of the subscription, oldest first (by createdAt, then _id). Unknown: 404; another company\'s: 403.',
      querystring: SubscriptionFullQuery, response: { 200: SubscriptionFull, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const companies = scopeOf(request.credential!.companies, request.query.companyId);
    const subscription = await findSubscriptionIn(ctx.db, request.query.subscriptionId, companies);
    if (!subscription) throw await missingOrForeign(ctx.db, 'subscriptions', { id: request.query.subscriptionId }, `subscription ${request.query.subscriptionId}`, 'the credential\'s companies');
    const [product, client, { charges, transactions }] = await Promise.all([
      products.get(ctx.db, subscription.companyId, subscription.productId),
      subscription.clientId ? clients.get(ctx.db, subscription.companyId, subscription.clientId) : undefined,
      recordsOfSubscription(ctx.db, subscription._id),
    ]);
    return {
      ...subscription,
      ...(product ? { product: { _id: product._id, title: product.product.title, price: product.product.price } } : {}),
      ...(client ? { client: { _id: client._id, name: client.name, doc: client.doc } } : {}),
      charges, transactions,
    };
  });
};
