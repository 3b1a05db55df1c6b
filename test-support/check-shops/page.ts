// The checkout page both fixture shops of `svc-sandbox check` serve (e2e/sandbox/check.spec.ts):
// the standard elements only (<svc-payment-methods>, <svc-card-form> inline, the form's submit
// button, svc-card/next-action), the shop's own script beside them. No inline script: the order's
// id and the key travel in attributes. Not a model page: the demo is.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

const dist = new URL('../../dist/', import.meta.url);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** The scripts a page loads, by path: the three element scripts from dist/, and the shop's own. */
export function shopAssets(script: URL): Map<string, string> {
  return new Map([
    ['/svc-card-form.js', readFileSync(new URL('svc-card-form.js', dist), 'utf8')],
    ['/svc-payment-methods.js', readFileSync(new URL('svc-payment-methods.js', dist), 'utf8')],
    ['/svc-next-action.js', readFileSync(new URL('svc-next-action.js', dist), 'utf8')],
    ['/shop.js', readFileSync(script, 'utf8')],
  ]);
}

export function shopPage({ orderId, publicKey, keyId }: { orderId: string; publicKey: string; keyId: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/svc-card-form.js"></script><script src="/svc-next-action.js" defer></script><script src="/svc-payment-methods.js" defer></script><script src="/shop.js" defer></script>
</head><body>
<main id="shop" data-order="${escape(orderId)}">
<form id="checkout" novalidate>
  <svc-payment-methods id="methods" lang="en" methods="card pix boleto">
    <svc-card-form slot="card" name="card" lang="en" public-key="${escape(publicKey)}" key-id="${escape(keyId)}"></svc-card-form>
    <p slot="pix">Pay by PIX</p><p slot="boleto">Pay by boleto</p>
  </svc-payment-methods>
  <button type="submit" id="pay">Pay R$ 129,90</button>
</form>
<div id="next"></div>
<button type="button" id="other-method" hidden>Choose another way to pay</button>
<p id="status" role="status"></p>
<p id="alert" role="alert"></p>
</main></body></html>`;
}

export function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
}

export const readBody = (request: NodeJS.ReadableStream): Promise<string> => new Promise((resolve, reject) => {
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => { text += chunk; }).on('end', () => resolve(text)).on('error', reject);
});
