// Subscriptions (4.5): PUT /v1/subscription (productId) and PUT /v1/subscription/cancel;
// the sandbox's POST /sandbox/v1/subscriptions/hold (domain/billing-actions.ts).
import { dayOf } from '../base/dates.js';
import { Type } from 'typebox';
import { holdSubscription } from '../domain/billing-actions.js';
import { endSubscription } from '../domain/end-subscription.js';
import { assertMethodOffered, assertOnSale, assertPriced, renewalAfter } from '../domain/product-rules.js';
import { ENDED, isEnded } from '../domain/states/subscription.js';
import { fieldError, invalid } from '../base/errors.js';
import { lockedRecord } from '../store/locked-record.js';
import { assertCountOffered } from '../payment/installments.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CancelSubscriptionBody, Outcome, Subscription, UpdateSubscriptionBody } from '../schemas/subscription.js';
import { products, subscriptions, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import { beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { lockedAction } from './locked-action.js';

/** The renewal date after a move to `product`: kept when both renew; none when it never renews; one period from today when renewals start. */
function scheduleFor(subscription: SubscriptionDoc, product: ProductDoc, today: string): SubscriptionDoc {
  const { nextChargeDate, ...rest } = subscription;
  const fromToday = renewalAfter(product, today);
  if (!fromToday) return rest;
  return { ...rest, nextChargeDate: nextChargeDate ?? fromToday };
}

const SUBSCRIPTION = { table: subscriptions, noun: 'subscription', idField: 'subscriptionId' } as const;

export const subscriptionManageRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.put('/v1/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Update a subscription (productId)', security: SECURITY,
      description: `Only productId changes; the next renewal charges the new product\'s price. The new product must be on sale and offer the subscription\'s paymentMethod and, when it lists installment plans for it, the subscription\'s installments, which renewals keep (400 on productId). An ended subscription (${ENDED.join(', ')}) is not updated, as Stripe refuses a canceled one: 400 on _id. Unknown subscription: 404; another company\'s: 403.` + beyondSchema({ _id: 'a subscription of the company that has not ended', productId: 'a product of the company, on sale, priced at least R$ 0.01, offering the subscription\'s paymentMethod and its installment count' }),
      body: UpdateSubscriptionBody, response: { 200: Subscription, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const { _id, companyId, productId } = request.body;
    const product = await products.get(ctx.db, companyId, productId);
    if (!product) throw invalid(fieldError('productId', 'productId names no product of this company'));
    assertOnSale(product, 'productId');
    assertPriced(product, 'productId');
    return ctx.db.transaction(async (tx) => {
      const subscription = await lockedRecord(tx, subscriptions, 'subscription', companyId, _id);
      if (isEnded(subscription.status)) throw invalid(fieldError('_id', `the subscription is ${subscription.status}: an ended subscription cannot be updated (create a new one)`));
      assertMethodOffered(product, subscription.paymentMethod, 'productId');
      assertCountOffered(subscription.installments ?? 1, subscription.paymentMethod, product, 'productId');
      const now = ctx.now(companyId);
      return subscriptions.update(tx, { ...scheduleFor(subscription, product, dayOf(now)), productId, updatedAt: now.toISOString() });
    });
  });

  lockedAction(app, ctx, {
    method: 'PUT', url: '/v1/subscription/cancel', auth: 'subscription.write', tag: 'subscriptions', summary: 'Cancel a subscription',
    description: 'CANCELED_MANUAL, inactive; its open and held charges (ACTIVE, IMPORTED, OVERDUE, ERROR_PAYMENT, PENDING_PAYMENT, NO_PAYMENT_ROUTE, STANDBY, BLOCKED) become CANCELED_MANUAL; event subscription.canceled. Already ended: success with a message saying so.',
    body: CancelSubscriptionBody, answer: Outcome, record: SUBSCRIPTION,
    act: async (tx, subscription, { companyId }) => {
      if (isEnded(subscription.status)) return { success: true, message: `the subscription is already ${subscription.status}` };
      await endSubscription(tx, subscription, 'manual', ctx.now(companyId), 'canceled by PUT /v1/subscription/cancel');
      return { success: true, message: 'the subscription is canceled' };
    },
  });

  lockedAction(app, ctx, {
    url: '/sandbox/v1/subscriptions/hold', auth: 'subscription.write', tag: 'subscriptions', summary: 'Sandbox only: pause or block a subscription, and let it go',
    description: 'pause: a live subscription -> STANDBY (the merchant pauses billing), its open charges STANDBY; block: a live or STANDBY one -> BLOCKED (the service\'s risk block), its open and STANDBY charges BLOCKED. Held, the test clock makes no renewal, attempt or overdue for it and its charges are not payable (their PIX or boleto gone); a cancel still ends it. resume (STANDBY) and unblock (BLOCKED): ACTIVE, its held charges ACTIVE, nextChargeDate moved on by whole periods past today (held periods are not billed). Events subscription.updated and charge.updated; the client follows. A move the subscription table does not allow: 409 conflict on subscriptionId. Unknown: 404; another company\'s: 403.',
    body: Type.Object({ companyId: CancelSubscriptionBody.properties.companyId, subscriptionId: Type.String({ minLength: 1 }), action: Type.Enum(['pause', 'block', 'resume', 'unblock']) }),
    answer: Subscription, record: SUBSCRIPTION,
    act: (tx, subscription, { companyId, action }) => holdSubscription(tx, subscription, action, ctx.now(companyId)),
  });
};
