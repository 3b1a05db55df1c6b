// The files the checkout page loads. The element script is served under a
// versioned name (svc-card-form-<version>.js, cacheable forever) and the page
// pins it with an SRI sha384 computed from the very bytes served.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root));

/** `sha384-<base64>` of the bytes: the value of a `<script integrity>` attribute. */
export const sriHash = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };

function asset(path, body, cache) {
  const type = TYPES[path.split('.').pop()];
  return { path, body, integrity: sriHash(body), headers: { 'content-type': type, 'cache-control': cache } };
}

/** Loads dist/svc-card-form.js, dist/svc-next-action.js (3-D Secure, PIX, boleto), dist/svc-payment-methods.js (issue 27), dist/svc-boleto-barcode.js (issue 39), dist/svc-mandate.js (issue 40) and demo/public/* once; run `npm run build` first. */
export function loadAssets() {
  const { version } = JSON.parse(read('package.json').toString('utf8'));
  let element;
  try {
    element = read('dist/svc-card-form.js');
  } catch {
    throw new Error('dist/svc-card-form.js is missing: run `npm run build` (or `npm run demo`) first');
  }
  const immutable = 'public, max-age=31536000, immutable';
  const list = [
    asset(`/assets/svc-card-form-${version}.js`, element, immutable),
    asset(`/assets/svc-next-action-${version}.js`, read('dist/svc-next-action.js'), immutable),
    asset(`/assets/svc-payment-methods-${version}.js`, read('dist/svc-payment-methods.js'), immutable),
    // The boleto's barcode (issue 39): handleNextAction draws it when this script is on the page.
    asset(`/assets/svc-boleto-barcode-${version}.js`, read('dist/svc-boleto-barcode.js'), immutable),
    // The PIX Automático panel (issue 40): handleNextAction shows a mandate answer with it (the plan's page).
    asset(`/assets/svc-mandate-${version}.js`, read('dist/svc-mandate.js'), immutable),
    asset('/assets/checkout.js', read('demo/public/checkout.js'), 'no-cache'),
    asset('/assets/checkout.css', read('demo/public/checkout.css'), 'no-cache'),
    asset('/assets/favicon.svg', read('demo/public/favicon.svg'), 'no-cache'),
    // The store's look (issue 27): its logo, the product's picture, the lock of "pagamento seguro".
    ...['logo.svg', 'product.svg', 'lock.svg'].map((name) => asset(`/assets/${name}`, read(`demo/public/${name}`), 'no-cache')),
  ];
  return { version, element: list[0], nextAction: list[1], paymentMethods: list[2], boletoBarcode: list[3], mandate: list[4], byPath: new Map(list.map((a) => [a.path, a])), list };
}
