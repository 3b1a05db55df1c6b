// Rendered on the server at each request (getServerSideProps), with a new order and the
// service's public key; then hydrated in the browser.
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { Checkout } from '../components/checkout';
import { createOrder } from '../lib/server/orders';
import { brl, settings } from '../lib/server/shop';

type Props = { orderId: string; order: string; amount: string; publicKey: string; keyId: string };

export const getServerSideProps: GetServerSideProps<Props> = async () => {
  const { publicKey, keyId } = settings();
  const order = createOrder();
  return { props: { orderId: order.id, order: `${order.description}: ${brl(order.cents)}`, amount: brl(order.cents), publicKey, keyId } };
};

export default function Page({ orderId, order, amount, publicKey, keyId }: Props) {
  return (
    <main>
      <Head><title>Checkout</title></Head>
      <h1>Checkout</h1>
      <p id="order">{order}</p>
      <Checkout orderId={orderId} publicKey={publicKey} keyId={keyId} amount={amount} />
    </main>
  );
}
