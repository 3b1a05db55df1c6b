// The charges of a subscription: one per period, numbered from 1. Each may be
// paid by any method its product offers (the clock charges the kept card).
import type { Queryable } from '../db/database.js';
import { offeredMethods } from '../domain/product-rules.js';
import { create } from '../domain/states/machine.js';
import { CHARGE_MACHINE } from '../domain/states/charge.js';
import { newId, priceCents, type ChargeDoc, type ProductDoc, type SubscriptionDoc } from '../store/tables.js';

/** A new charge of `subscription`: ACTIVE (created), or IMPORTED (imported) for the first charge of an imported subscription. */
export async function openCharge(db: Queryable, subscription: SubscriptionDoc, product: ProductDoc, dueDate: string, sequence: number, at: string, imported = false): Promise<ChargeDoc> {
  const status: ChargeDoc['status'] = imported ? 'IMPORTED' : 'ACTIVE';
  return create(CHARGE_MACHINE, db, {
    _id: newId(), companyId: subscription.companyId, ...(subscription.clientId ? { clientId: subscription.clientId } : {}), productId: product._id,
    subscriptionId: subscription._id, amount: { value: priceCents(product), currency: 'BRL' }, dueDate, status,
    paymentMethods: offeredMethods(product), active: true, sequence, attempts: 0, createdAt: at, updatedAt: at,
  }, imported ? 'imported' : 'created', new Date(at));
}

/** What a payment of `charge` links to: the charge, and its product, subscription and client when it has them. */
export const chargeLinks = (charge: ChargeDoc) => ({
  chargeId: charge._id,
  ...(charge.productId ? { productId: charge.productId } : {}),
  ...(charge.subscriptionId ? { subscriptionId: charge.subscriptionId } : {}),
  ...(charge.clientId ? { clientId: charge.clientId } : {}),
});
