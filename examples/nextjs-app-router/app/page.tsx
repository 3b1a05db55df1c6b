// A server component: rendered on the server at each request, with the order and the
// service's public key. Only <Checkout> (a client component) runs in the browser.
import { Checkout } from './checkout';
import { brl, ORDER, settings } from './shop';

export const dynamic = 'force-dynamic'; // the key comes from the environment at run time

export default function Page() {
  const { publicKey, keyId } = settings();
  return (
    <main>
      <h1>Checkout</h1>
      <p id="order">{`${ORDER.description}: ${brl(ORDER.cents)}`}</p>
      <Checkout publicKey={publicKey} keyId={keyId} amount={brl(ORDER.cents)} />
    </main>
  );
}
