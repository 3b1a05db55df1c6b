// Subscriptions (4.5): PUT /v1/subscription (productId) and PUT /v1/subscription/cancel.
import { notFound, fieldError, invalid } from '../http/errors.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CancelSubscriptionBody, Outcome, Subscription, UpdateSubscriptionBody } from '../schemas/subscription.js';
import { products, subscriptions } from '../store/tables.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';

const FINAL = new Set<string>(['CANCELED_MANUAL', 'CANCELED_ALERT_NETWORK_A', 'NO_PAYMENT']);

export const subscriptionManageRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.put('/v1/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Update a subscription (productId)', security: SECURITY,
      description: 'Only productId changes; the next renewal charges the new product\'s price. Unknown subscription: 404.',
      body: UpdateSubscriptionBody, response: { 200: Subscription, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { _id, companyId, productId } = request.body;
    if (!(await products.get(ctx.db, companyId, productId))) throw invalid(fieldError('productId', 'productId names no product of this company'));
    return ctx.db.transaction(async (tx) => {
      const subscription = await subscriptions.get(tx, companyId, _id, true);
      if (!subscription) throw notFound(`no subscription ${_id} in this company`);
      return subscriptions.update(tx, { ...subscription, productId, updatedAt: ctx.now(companyId).toISOString() });
    });
  });

  app.put('/v1/subscription/cancel', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Cancel a subscription', security: SECURITY,
      description: 'CANCELED_MANUAL, inactive; its open charges (ACTIVE, OVERDUE, ERROR_PAYMENT) become CANCELED_MANUAL. Already ended: success with a message saying so.',
      body: CancelSubscriptionBody, response: { 200: Outcome, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { companyId, subscriptionId } = request.body;
    return ctx.db.transaction(async (tx) => {
      const subscription = await subscriptions.get(tx, companyId, subscriptionId, true);
      if (!subscription) throw notFound(`no subscription ${subscriptionId} in this company`);
      if (FINAL.has(subscription.status)) return { success: true, message: `the subscription is already ${subscription.status}` };
      const at = ctx.now(companyId).toISOString();
      await subscriptions.update(tx, { ...subscription, status: 'CANCELED_MANUAL', active: false, updatedAt: at });
      await tx.query(
        `UPDATE charges SET status = 'CANCELED_MANUAL', updated_at = $3, data = data || jsonb_build_object('status', 'CANCELED_MANUAL', 'active', false, 'updatedAt', $4::text)
         WHERE company_id = $1 AND subscription_id = $2 AND status IN ('ACTIVE', 'OVERDUE', 'ERROR_PAYMENT')`, [companyId, subscriptionId, at, at]);
      return { success: true, message: 'the subscription is canceled' };
    });
  });
};
