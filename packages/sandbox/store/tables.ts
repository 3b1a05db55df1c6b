// The sandbox's resources as stored (migrations.ts): each body is the
// response the API gives, with the columns lists and locks use.
import type { Static } from 'typebox';
import { defineTable, type Stored } from '../db/table.js';
import { toCents } from '../base/cents.js';
import { randomHex } from '../base/random-hex.js';
import type { Alert } from '../schemas/alert.js';
import type { Charge } from '../schemas/charge.js';
import type { Client } from '../schemas/client.js';
import type { Product } from '../schemas/product.js';
import type { Money as MoneySchema } from '../schemas/common.js';
import type { Subscription } from '../schemas/subscription.js';
import type { Transaction } from '../schemas/transaction.js';

/** 24 hex characters, the shape of the service's `_id` values. */
export const newId = () => randomHex(12);

export type Money = Static<typeof MoneySchema>;
export const money = (cents: number): Money => ({ value: cents, currency: 'BRL' });

// The stored bodies are the response schemas' types: what is kept is what is described.
export type TransactionDoc = Static<typeof Transaction>;
export type ChargeDoc = Static<typeof Charge>;
export type SubscriptionDoc = Static<typeof Subscription>;
export type PaymentMethod = TransactionDoc['paymentMethod'];
export type AlertDoc = Static<typeof Alert>;
export type ClientDoc = Static<typeof Client>;
export type ProductDoc = Static<typeof Product>;

export const transactions = defineTable<TransactionDoc>('transactions', {
  tid: (d) => d.tid, charge_id: (d) => d.chargeId, subscription_id: (d) => d.subscriptionId, client_id: (d) => d.clientId,
});
export const clients = defineTable<ClientDoc>('clients', {
  doc: (d) => d.doc, search: (d) => [d.name, d.doc, d.email ?? '', d.externalReference ?? ''].join(' ').toLowerCase(),
});
export const charges = defineTable<ChargeDoc>('charges', {
  subscription_id: (d) => d.subscriptionId, client_id: (d) => d.clientId, due_date: (d) => d.dueDate,
});
export const subscriptions = defineTable<SubscriptionDoc>('subscriptions', { client_id: (d) => d.clientId, product_id: (d) => d.productId });
export const products = defineTable<ProductDoc>('products');
export const alerts = defineTable<AlertDoc>('alerts', { type: (d) => d.type, transaction_id: (d) => d.transactionId });

/** Product price (a decimal of BRL, 2.1) in integer cents, rounded half away from zero. */
/** The product's price in cents, by the one decimal-to-cents rule (half up on the decimal as written). */
export const priceCents = (product: ProductDoc) => toCents(product.product.price);
