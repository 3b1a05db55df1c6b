// The shop's orders (the same file in each example shop). Kept in this process's memory so the
// example runs with nothing else: a real shop keeps them in its database, the charge's _id on the
// order row and the webhook event ids in a table whose unique key makes "seen" atomic.
// One store per process (on globalThis): a framework may load this module once per route bundle.
import { randomUUID } from 'node:crypto';
import { ORDER } from './shop';

export interface Order {
  /** Random: it names the order's Idempotency-Keys, which the service keeps per company for 24 hours. */
  id: string;
  description: string;
  cents: number;
  /** The order's one charge (POST /v1/charge), made at its first payment; every attempt pays it. */
  charge?: Promise<string>;
  /** Each card token sent for this order and its attempt number: the same token again is the same attempt. */
  attempts: Map<string, number>;
  /** The transaction of the latest attempt: what the page asks about after a next action. */
  lastTransactionId?: string;
  /** The charge's transactions and their statuses as the service said when a webhook came. */
  statuses: Map<string, string>;
  /** Set from the service's state when a verified webhook names the order's charge: the order is fulfilled. */
  paid?: { transactionId: string; last4: string | undefined };
}

interface Store { orders: Map<string, Order>; byCharge: Map<string, Order>; events: Set<string> }
const KEY = Symbol.for('svc-card-example.orders');
const store: Store = ((globalThis as Record<symbol, Store | undefined>)[KEY] ??= { orders: new Map(), byCharge: new Map(), events: new Set() });

/** A new order for the shop's one product (a real shop makes it from the cart). */
export function createOrder(): Order {
  const order: Order = { id: `ord_${randomUUID()}`, description: ORDER.description, cents: ORDER.cents, attempts: new Map(), statuses: new Map() };
  store.orders.set(order.id, order);
  return order;
}

export const findOrder = (id: unknown): Order | undefined => (typeof id === 'string' ? store.orders.get(id) : undefined);

export const orderOfCharge = (chargeId: string): Order | undefined => store.byCharge.get(chargeId);

export function linkCharge(order: Order, chargeId: string): void {
  store.byCharge.set(chargeId, order);
}

/** Whether a webhook event was already handled (a delivery can come more than once). */
export const eventHandled = (eventId: string): boolean => store.events.has(eventId);

export function markEventHandled(eventId: string): void {
  store.events.add(eventId);
}
