// Subscriptions (4.5): POST /v1/subscription (pays the first period at once)
// and POST /v2/subscription (first charge ACTIVE, no payment attempt).
import { alertIfTestCard } from '../billing/alerts.js';
import { dayOf } from '../base/dates.js';
import { openCharge } from '../billing/charges.js';
import { endIfCardAttemptsSpent } from '../domain/card-attempts.js';
import { assertMethodOffered, assertOnSale, assertPriced, renewalAfter, renewalAfterToday } from '../domain/product-rules.js';
import { create, move } from '../domain/states/machine.js';
import { CHARGE_MACHINE } from '../domain/states/charge.js';
import { SUBSCRIPTION_MACHINE } from '../domain/states/subscription.js';
import { createSubscriptionV2, nextRenewal } from '../domain/create-subscription.js';
import { fieldError, invalid } from '../base/errors.js';
import { checkInstallments } from '../payment/installments.js';
import { openCard } from '../payment/open-card.js';
import { payByCard } from '../payment/pay-by-card.js';
import { originOf } from '../http/origin.js';
import { assertSlipAmount, issueSlip } from '../billing/slips.js';
import { ERROR_RESPONSES } from '../schemas/common.js';
import { CreateSubscriptionV1Body, CreateSubscriptionV2Body, SubscriptionAndCharge, SubscriptionWithPayment } from '../schemas/subscription.js';
import { clientAndProduct } from '../store/client-and-product.js';
import { findOrCreateClient } from '../store/clients.js';
import { newId, priceCents, products, subscriptions, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import type { Static } from 'typebox';
import type { SandboxContext } from '../context.js';
import { INLINE_CLIENT_DOC, TOKEN_RULE, beyondSchema } from '../http/beyond-schema.js';
import { SECURITY, type ResourceRoutes } from './plugin.js';
import { rowRef } from '../base/clock-rows.js';

export const subscriptionRoutes: ResourceRoutes = async (app, { ctx }) => {
  app.post('/v1/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Create a subscription and pay its first period', security: SECURITY,
      description: `A card (token or paymentProfile) pays the first charge at once: ACTIVE when paid, ERROR_PAYMENT when declined; renewals are charged to the same test card. A card that asks for 3-D Secure answers the subscription PENDING_PAYMENT with its transaction PENDING_3DS and nextAction, as POST /v1/transaction (see 3-D Secure); the challenge's end makes it ACTIVE or ERROR_PAYMENT. A provider that answers later leaves it PENDING_PAYMENT with its transaction PROCESSING until the test clock settles it (${rowRef('processingSettled')}). BOLETO and PIX leave it PENDING_PAYMENT with the first charge ACTIVE, and answer its pix or boleto.` + beyondSchema({ 'product.id': 'a product of the company, on sale, priced at least R$ 0.01', paymentMethod: 'one the product offers; BOLETO for at most R$ 99,999,999.99', installments: 'a count the product offers', ...TOKEN_RULE, ...INLINE_CLIENT_DOC }),
      body: CreateSubscriptionV1Body, response: { 200: SubscriptionWithPayment, ...ERROR_RESPONSES },
    },
  }, async (request) => {
    const body = request.body;
    const product = await products.get(ctx.db, body.companyId, body.product.id);
    if (!product) throw invalid(fieldError('product.id', 'product.id names no product of this company in the sandbox'));
    assertOnSale(product, 'product.id');
    assertPriced(product, 'product.id');
    assertMethodOffered(product, body.paymentMethod);
    assertSlipAmount(priceCents(product), body.paymentMethod);
    const installments = checkInstallments(body.installments, body.paymentMethod, product);
    const hasCard = body.token !== undefined || body.paymentProfile !== undefined;
    const profile = hasCard ? await openCard(body as never, ctx.decryptor) : undefined;
    const result = await ctx.db.transaction(async (tx) => {
      const now = ctx.now(body.companyId);
      const at = now.toISOString();
      const today = dayOf(now);
      const client = body.client ? await findOrCreateClient(tx, body.companyId, body.client, now) : undefined;
      const subscription: SubscriptionDoc = await create(SUBSCRIPTION_MACHINE, tx, {
        _id: newId(), companyId: body.companyId, ...(client ? { clientId: client._id } : {}), productId: product._id,
        paymentMethod: body.paymentMethod, installments, origin: 'API', active: true,
        status: 'PENDING_PAYMENT', ...nextRenewal(product, today, today), metadata: {}, createdAt: at, updatedAt: at,
      }, 'created', now);
      const charge = await openCharge(tx, subscription, product, today, 1, at);
      if (!profile) {
        const { charge: _issued, ...slip } = await issueSlip(ctx, tx, charge, body.paymentMethod, originOf(request));
        return { subscription, slip };
      }
      const transaction = await payByCard(ctx, tx, {
        companyId: body.companyId, cents: priceCents(product), installments: subscription.installments, paymentMethod: body.paymentMethod, profile,
        product, links: { productId: product._id, subscriptionId: subscription._id, chargeId: charge._id, ...(client ? { clientId: client._id } : {}) },
        threeDSOrigin: originOf(request), payer: 'subscription',
      });
      // PENDING_3DS, PROCESSING: the subscription (PENDING_PAYMENT) and its charge wait for the answer (domain/held-payment.ts moves them then).
      if (transaction.status === 'PENDING_3DS' || transaction.status === 'PROCESSING') return { subscription, transaction };
      const paid = transaction.status === 'PAID';
      const event = paid ? 'paid' : transaction.status === 'NO_PAYMENT_ROUTE' ? 'no_route' : 'payment_failed';
      const data = { transactionId: transaction._id };
      // The moves the payment makes carry its time (after the subscription's own): events stay in the order they are made.
      const paidAt = new Date(transaction.createdAt);
      const attempted = await move(CHARGE_MACHINE, tx, charge, event, paidAt, { patch: { attempts: paid ? 0 : 1, lastAttemptAt: at }, data });
      await move(SUBSCRIPTION_MACHINE, tx, subscription, event, paidAt, { patch: transaction.card ? { card: transaction.card } : {}, data });
      if (!paid) await endIfCardAttemptsSpent(tx, attempted, paidAt);
      await alertIfTestCard(ctx, tx, transaction);
      // The subscription read back (an alert or CARD_ATTEMPTS may have moved it); the transaction as the payment made it.
      return { subscription: (await subscriptions.get(tx, subscription.companyId, subscription._id))!, transaction };
    });
    if (result.transaction) ctx.recent.remember(result.transaction);
    return { ...result.subscription, ...(result.transaction ? { transaction: result.transaction } : {}), ...result.slip };
  });

  app.post('/v2/subscription', {
    config: { auth: 'subscription.write' },
    schema: {
      tags: ['subscriptions'], summary: 'Create a subscription and its first charge, without a payment attempt', security: SECURITY,
      description: 'Subscription CREATED, first charge ACTIVE due on dueDate; pay it with POST /v1/charge/pay. The client must exist. A dueDate in the past is kept (the clock makes that charge OVERDUE); renewals then start at the first date of its cadence after today, the periods between not billed ("Product rules").' + beyondSchema({ clientId: 'a client of the company', productId: 'a product of the company, on sale, priced at least R$ 0.01, offering a method', paymentMethod: 'one the product offers' }),
      body: CreateSubscriptionV2Body, response: { 200: SubscriptionAndCharge, ...ERROR_RESPONSES },
    },
  }, async (request) => createSubscriptionV2(ctx, request.body));
};
