// GET /v1/transaction/full (4.3): the transaction with partial related
// product, client and subscription, BIN data with the issuer's name, and its payables.
import type { Queryable } from '../db/database.js';
import { payablesOf } from './payables.js';
import { clients, products, subscriptions, type TransactionDoc } from './tables.js';

/** The sandbox's issuer for every BIN: no real BIN table is shipped. */
export const SANDBOX_ISSUER = 'Sandbox Bank';

export async function fullTransaction(db: Queryable, transaction: TransactionDoc) {
  const [product, client, subscription, payables] = await Promise.all([
    transaction.productId ? products.get(db, transaction.companyId, transaction.productId) : undefined,
    transaction.clientId ? clients.get(db, transaction.companyId, transaction.clientId) : undefined,
    transaction.subscriptionId ? subscriptions.get(db, transaction.companyId, transaction.subscriptionId) : undefined,
    payablesOf(db, transaction._id),
  ]);
  return {
    ...transaction,
    ...(product ? { product: { _id: product._id, title: product.product.title, price: product.product.price } } : {}),
    ...(client ? { client: { _id: client._id, name: client.name, doc: client.doc, ...(client.email ? { email: client.email } : {}) } } : {}),
    ...(subscription ? { subscription: { _id: subscription._id, status: subscription.status, productId: subscription.productId } } : {}),
    ...(transaction.card ? { binData: { bin: transaction.card.bin, brand: transaction.card.brand, issuerName: SANDBOX_ISSUER } } : {}),
    payables,
  };
}
