// Subscriptions (4.5): list, exports (streamed, at most 10,000), full.
import { scopeOf, type Filter } from '../db/list.js';
import { missingOrForeign } from '../store/not-yours.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { Subscription, SubscriptionExportQuery, SubscriptionFull, SubscriptionFullQuery, SubscriptionListQuery } from '../schemas/subscription.js';
import { clients, products } from '../store/tables.js';
import { findSubscriptionIn, recordsOfSubscription } from '../store/subscription-records.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { listAndExport } from './list-and-export.js';

export const SUBSCRIPTION_EXPORT_MAX = 10_000;

const filtersOf = (query: { clientId?: string; productId?: string; status?: string }): Filter[] => [
  ...(query.clientId ? [['client_id = ?', query.clientId] as Filter] : []),
  ...(query.productId ? [['product_id = ?', query.productId] as Filter] : []),
  ...(query.status ? [['status = ?', query.status] as Filter] : []),
];

export const subscriptionReadRoutes: ResourceRoutes = async (app, { ctx }) => {
  listAndExport(app, ctx, {
    path: '/v1/subscription', table: 'subscriptions', auth: 'subscription.read', tag: 'subscriptions', item: Subscription,
    listSummary: 'List subscriptions', listQuery: SubscriptionListQuery,
    exportSummary: 'Export subscriptions (a JSON array, at most 10,000)', exportQuery: SubscriptionExportQuery, exportMax: SUBSCRIPTION_EXPORT_MAX,
    filtersOf,
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
