// Rendered on the server at each request: a new order, its amount and the service's public key.
import { createOrder } from '$lib/server/orders';
import { brl, settings } from '$lib/server/shop';

export function load() {
  const { publicKey, keyId } = settings();
  const order = createOrder();
  return { publicKey, keyId, orderId: order.id, order: `${order.description}: ${brl(order.cents)}`, amount: brl(order.cents) };
}
