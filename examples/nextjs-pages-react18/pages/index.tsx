// Rendered on the server at each request (getServerSideProps), with the order and the
// service's public key; then hydrated in the browser.
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { Checkout } from '../components/checkout';
import { brl, ORDER, settings } from '../lib/shop';

type Props = { publicKey: string; keyId: string };

export const getServerSideProps: GetServerSideProps<Props> = async () => {
  const { publicKey, keyId } = settings();
  return { props: { publicKey, keyId } };
};

export default function Page({ publicKey, keyId }: Props) {
  return (
    <main>
      <Head><title>Checkout</title></Head>
      <h1>Checkout</h1>
      <p id="order">{`${ORDER.description}: ${brl(ORDER.cents)}`}</p>
      <Checkout publicKey={publicKey} keyId={keyId} amount={brl(ORDER.cents)} />
    </main>
  );
}
