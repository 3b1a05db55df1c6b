// Subscriptions (4.5): POST /v1/subscription (pays the first period at once).
import { invalid, fieldError } from '../http/errors.js';
import { openCard } from '../payment/open-card.js';
import { payByCard } from '../payment/pay-by-card.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CreateSubscriptionV1Body, SubscriptionWithPayment } from '../schemas/subscription.js';
import { findOrCreateClient } from '../store/clients.js';
import { newId, priceCents, products, subscriptions, type SubscriptionDoc } from '../store/tables.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

export const subscriptionRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Create a subscription and pay its first period', security: SECURITY,
      description: 'A card (token or paymentProfile) pays the first period at once: ACTIVE when paid, ERROR_PAYMENT when declined. BOLETO and PIX leave it PENDING_PAYMENT.',
      body: CreateSubscriptionV1Body, response: { 200: SubscriptionWithPayment, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    const product = await products.get(ctx.db, body.companyId, body.product.id);
    if (!product) throw invalid(fieldError('product.id', 'product.id names no product of this company in the sandbox'));
    const hasCard = body.token !== undefined || body.paymentProfile !== undefined;
    const profile = hasCard ? await openCard(body as never, ctx.decryptor) : undefined;
    const result = await ctx.db.transaction(async (tx) => {
      const at = ctx.now(body.companyId).toISOString();
      const client = body.client ? await findOrCreateClient(tx, body.companyId, body.client, ctx.now(body.companyId)) : undefined;
      const subscription: SubscriptionDoc = {
        _id: newId(), companyId: body.companyId, ...(client ? { clientId: client._id } : {}), productId: product._id,
        paymentMethod: body.paymentMethod, installments: body.installments ?? 1, origin: 'API', active: true,
        status: 'PENDING_PAYMENT', metadata: {}, createdAt: at, updatedAt: at,
      };
      if (!profile) return { subscription: await subscriptions.insert(tx, subscription) };
      await subscriptions.insert(tx, subscription);
      const transaction = await payByCard(ctx, tx, {
        companyId: body.companyId, cents: priceCents(product), installments: subscription.installments, paymentMethod: body.paymentMethod,
        profile, links: { productId: product._id, subscriptionId: subscription._id, ...(client ? { clientId: client._id } : {}) },
      });
      subscription.status = transaction.status === 'PAID' ? 'ACTIVE' : 'ERROR_PAYMENT';
      return { subscription: await subscriptions.update(tx, subscription), transaction };
    });
    if (result.transaction) ctx.recent.remember(result.transaction);
    return { ...result.subscription, ...(result.transaction ? { transaction: result.transaction } : {}) };
  });
};
