// The card form, rendered on the server and hydrated in the browser. 'svc-card/define' is
// imported on the server too: it registers <svc-card-form> only where a browser has
// customElements, and does nothing on the server.
import 'svc-card/define';
import { useEffect, useRef, useState } from 'react';
import type { SvcCardForm, SvcEncryptedDetail } from 'svc-card/element';
import { payOrder, type Shown } from '../lib/checkout';

export function Checkout({ orderId, publicKey, keyId, amount }: { orderId: string; publicKey: string; keyId: string; amount: string }) {
  const ref = useRef<SvcCardForm>(null);
  const [result, setResult] = useState<Shown | null>(null);

  // React 18 sets a custom element's attributes (strings: public-key, key-id) but neither its
  // properties nor listeners for its custom events (an `onsvc-encrypted` prop is dropped):
  // both go through a ref.
  useEffect(() => {
    const card = ref.current!;
    const onEncrypted = (event: CustomEvent<SvcEncryptedDetail>) => {
      // hold(): the fields stay read-only (and Pay does nothing) until the order's outcome is known.
      void card.hold(payOrder(orderId, event.detail.encryptedCard, setResult).then(setResult));
    };
    card.addEventListener('svc-encrypted', onEncrypted);
    return () => card.removeEventListener('svc-encrypted', onEncrypted);
  }, [orderId]);

  return (
    // The element holds the submit back, encrypts, fires svc-encrypted, then submits again:
    // this page pays with fetch instead, so that second submit goes nowhere.
    <form onSubmit={(event) => event.preventDefault()}>
      <svc-card-form ref={ref} name="card" lang="en" key-id={keyId} public-key={publicKey} />
      <button disabled={result?.outcome === 'paid'}>Pay {amount}</button>
      <p role="status" data-outcome={result?.outcome}>{result?.message}</p>
    </form>
  );
}
