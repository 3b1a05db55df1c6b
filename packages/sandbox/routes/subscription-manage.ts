// Subscriptions (4.5): PUT /v1/subscription (productId) and PUT /v1/subscription/cancel.
import { dayOf } from '../billing/dates.js';
import { endSubscription } from '../domain/end-subscription.js';
import { assertMethodOffered, assertOnSale, renewalAfter } from '../domain/product-rules.js';
import { isEnded } from '../domain/states/subscription.js';
import { fieldError, invalid } from '../http/errors.js';
import { missingOrForeign } from '../store/not-yours.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CancelSubscriptionBody, Outcome, Subscription, UpdateSubscriptionBody } from '../schemas/subscription.js';
import { products, subscriptions, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

/** The renewal date after a move to `product`: kept when both renew; none when it never renews; one period from today when renewals start. */
function scheduleFor(subscription: SubscriptionDoc, product: ProductDoc, today: string): SubscriptionDoc {
  const { nextChargeDate, ...rest } = subscription;
  const fromToday = renewalAfter(product, today);
  if (!fromToday) return rest;
  return { ...rest, nextChargeDate: nextChargeDate ?? fromToday };
}

export const subscriptionManageRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.put('/v1/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Update a subscription (productId)', security: SECURITY,
      description: 'Only productId changes; the next renewal charges the new product\'s price. The new product must be on sale and offer the subscription\'s paymentMethod (400 on productId). Unknown subscription: 404; another company\'s: 403.' + beyondSchema({ productId: 'a product of the company, on sale, offering the subscription\'s paymentMethod' }),
      body: UpdateSubscriptionBody, response: { 200: Subscription, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { _id, companyId, productId } = request.body;
    const product = await products.get(ctx.db, companyId, productId);
    if (!product) throw invalid(fieldError('productId', 'productId names no product of this company'));
    assertOnSale(product, 'productId');
    return ctx.db.transaction(async (tx) => {
      const subscription = await subscriptions.get(tx, companyId, _id, true);
      if (!subscription) throw await missingOrForeign(tx, 'subscriptions', { id: _id }, `subscription ${_id}`, 'this company');
      assertMethodOffered(product, subscription.paymentMethod, 'productId');
      const now = ctx.now(companyId);
      return subscriptions.update(tx, { ...scheduleFor(subscription, product, dayOf(now)), productId, updatedAt: now.toISOString() });
    });
  });

  app.put('/v1/subscription/cancel', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Cancel a subscription', security: SECURITY,
      description: 'CANCELED_MANUAL, inactive; its open charges (ACTIVE, OVERDUE, ERROR_PAYMENT, PENDING_PAYMENT, NO_PAYMENT_ROUTE) become CANCELED_MANUAL; event subscription.canceled. Already ended: success with a message saying so.',
      body: CancelSubscriptionBody, response: { 200: Outcome, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, subscriptionId } = request.body;
    return ctx.db.transaction(async (tx) => {
      const subscription = await subscriptions.get(tx, companyId, subscriptionId, true);
      if (!subscription) throw await missingOrForeign(tx, 'subscriptions', { id: subscriptionId }, `subscription ${subscriptionId}`, 'this company');
      if (isEnded(subscription.status)) return { success: true, message: `the subscription is already ${subscription.status}` };
      await endSubscription(tx, subscription, 'manual', ctx.now(companyId), 'canceled by PUT /v1/subscription/cancel');
      return { success: true, message: 'the subscription is canceled' };
    });
  });
};
