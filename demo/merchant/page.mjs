// The checkout page, rendered once at start. No inline script or style (strict
// CSP); the public key and keyId travel in attributes, never the private key
// or the apiKey (API reference 4.9).
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** BRL as a Brazilian customer reads it, e.g. `R$ 129,90`. */
export const formatBRL = (cents) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

export function renderCheckoutPage({ product, assets, publicKey, keyId }) {
  const script = (asset, extra = '') =>
    `<script src="${asset.path}" integrity="${asset.integrity}" crossorigin="anonymous"${extra}></script>`;
  const price = formatBRL(product.cents);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · ${escape(product.store)}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/checkout.css" integrity="${assets.byPath.get('/assets/checkout.css').integrity}" crossorigin="anonymous">
${script(assets.element)}
${script(assets.byPath.get('/assets/checkout.js'), ' defer')}
</head>
<body>
<header class="store"><p class="store-name">${escape(product.store)}</p></header>
<main>
  <h1>Checkout</h1>
  <section class="order" aria-labelledby="order-title">
    <h2 id="order-title">Your order</h2>
    <p class="product"><span class="product-title">${escape(product.title)}</span>
      <span class="product-price" id="price">${escape(price)}</span></p>
    <p class="total">Total <strong>${escape(price)}</strong></p>
  </section>
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">Card payment</h2>
    <form id="checkout" novalidate>
      <svc-card-form name="card" lang="en" public-key="${escape(publicKey)}" key-id="${escape(keyId)}"></svc-card-form>
      <button type="submit" id="pay">Pay ${escape(price)}</button>
    </form>
    <div id="outcome" class="outcome" role="status" aria-live="polite" tabindex="-1" hidden></div>
  </section>
  <p class="sandbox-note">Sandbox: use card 4111 1111 1111 1111 (paid) or 4000 0000 0000 0002 (declined), any future expiry, any CVV.</p>
</main>
</body>
</html>
`;
}
