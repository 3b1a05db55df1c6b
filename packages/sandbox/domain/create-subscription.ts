// POST /v2/subscription's work, shared by the route and the batch worker: the
// subscription and its first charge (ACTIVE, or IMPORTED from a batch), no payment.
import type { Static } from 'typebox';
import { openCharge } from '../billing/charges.js';
import type { SandboxContext } from '../context.js';
import type { CreateSubscriptionV2Body } from '../schemas/subscription.js';
import { dayOf } from '../base/dates.js';
import { clientAndProduct } from '../store/client-and-product.js';
import { newId, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';
import { assertMethodOffered, assertOnSale, assertPriced, renewalAfter, renewalAfterToday } from './product-rules.js';
import { create } from './states/machine.js';
import { SUBSCRIPTION_MACHINE } from './states/subscription.js';

/**
 * The first renewal: one period after the first charge's due date, or, that
 * date past, the first of its cadence after today (the first charge is the
 * past period's; those between are not billed); none when the product never
 * renews (frequencyDays 0).
 */
export function nextRenewal(product: ProductDoc, firstDue: string, today: string): Pick<SubscriptionDoc, 'nextChargeDate'> {
  const renewal = renewalAfter(product, firstDue);
  return renewal ? { nextChargeDate: renewalAfterToday(product, renewal, today) } : {};
}

/**
 * POST /v2/subscription's work, also run for each item of a batch
 * (billing/batch-worker.ts): there `imported`, the subscription and its
 * first charge are made IMPORTED (origin IMPORTED unless the item names one),
 * and `find` answers the client and product from those its chunk read at once.
 */
export async function createSubscriptionV2(ctx: SandboxContext, body: Static<typeof CreateSubscriptionV2Body>, imported = false, find: typeof clientAndProduct = clientAndProduct) {
  const { client, product } = await find(ctx.db, body.companyId, body.clientId, body.productId);
  assertOnSale(product, 'productId');
  assertPriced(product, 'productId');
  assertMethodOffered(product, body.paymentMethod);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now(body.companyId);
    const at = now.toISOString();
    const subscription = await create(SUBSCRIPTION_MACHINE, tx, {
      _id: newId(), companyId: body.companyId, clientId: client._id, productId: product._id, paymentMethod: body.paymentMethod, installments: 1,
      origin: body.origin ?? (imported ? 'IMPORTED' : 'API'), ...(body.affiliateId ? { affiliateId: body.affiliateId } : {}), ...(body.externalReference ? { externalReference: body.externalReference } : {}),
      active: true, status: imported ? 'IMPORTED' : 'CREATED', ...nextRenewal(product, body.dueDate, dayOf(now)), metadata: body.metadata ?? {}, createdAt: at, updatedAt: at,
    }, imported ? 'imported' : 'created', now);
    return { subscription, charge: await openCharge(tx, subscription, product, body.dueDate, 1, at, imported) };
  });
}

