'use client';
// The card form. This module is also rendered on the server (client components are), so
// 'svc-card/define' is imported there too: it registers <svc-card-form> only where a browser
// has customElements, and does nothing on the server.
import 'svc-card/define';
import { useCallback, useState } from 'react';
import type { SvcCardForm, SvcEncryptedDetail } from 'svc-card/element';
import { payOrder, type Shown } from '../lib/checkout';

export function Checkout({ orderId, publicKey, keyId, amount }: { orderId: string; publicKey: string; keyId: string; amount: string }) {
  const [result, setResult] = useState<Shown | null>(null);

  // The listener goes on through a ref callback (React 19 runs its returned cleanup). Not an
  // `onsvc-encrypted` prop: React 19 adds those as listeners when it creates the element in the
  // browser, but not when it hydrates server-rendered HTML, as here (facebook/react#35446), and the
  // payment would silently never start.
  const listen = useCallback((card: SvcCardForm | null) => {
    if (!card) return;
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
      <svc-card-form name="card" lang="en" key-id={keyId} public-key={publicKey} ref={listen} />
      <button disabled={result?.outcome === 'paid'}>Pay {amount}</button>
      <p role="status" data-outcome={result?.outcome}>{result?.message}</p>
    </form>
  );
}
