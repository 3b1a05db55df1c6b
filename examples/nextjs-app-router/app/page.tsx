// A server component: rendered on the server at each request, with a new order and the
// service's public key. Only <Checkout> (a client component) runs in the browser.
import { createOrder } from '../lib/server/orders';
import { brl, settings } from '../lib/server/shop';
import { Checkout } from './checkout';

export const dynamic = 'force-dynamic'; // an order per visit; the key comes from the environment at run time

export default function Page() {
  const { publicKey, keyId } = settings();
  const order = createOrder();
  return (
    <main>
      <h1>Checkout</h1>
      <p id="order">{`${order.description}: ${brl(order.cents)}`}</p>
      <Checkout orderId={order.id} publicKey={publicKey} keyId={keyId} amount={brl(order.cents)} />
    </main>
  );
}
