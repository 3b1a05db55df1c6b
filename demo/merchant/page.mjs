// The checkout page, rendered at start once per language. No inline script or style (strict
// CSP); the public key and keyId travel in attributes, never the private key
// or the apiKey (API reference 4.9). One page per language (messages.mjs):
// <html lang> tells the element and checkout.js which texts to show.
import { renderSvcCardForm, renderSvcPaymentMethods } from '../../dist/ssr.js';
import { PAGE_TEXTS } from './messages.mjs';
import { hintRows, testCardsTable } from './test-cards-hint.mjs';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * BRL as the page's language writes it, as the element's plans and the receipt do: `R$ 129,90` in
 * pt-BR, `R$129.90` in en (one spelling of an amount on a page).
 */
export const formatBRL = (cents, lang = 'pt-BR') =>
  new Intl.NumberFormat(lang === 'en' ? 'en' : 'pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

/**
 * The page in `lang` ('pt-BR' or 'en'); `product.titles` holds the product's name in each, `offer`
 * ({cents, plans}, catalogue.mjs) its price and installment plans, given to the element as
 * `amount` and `installments` with the holder's CPF/CNPJ field on, and its `methods` (card, pix, boleto in
 * the product's order) to <svc-payment-methods>, whose card panel is the element. With `frame` ({src, script,
 * integrity}) the card is typed in the payment service's frame (issue 9); `inlineChosen`: the
 * inline page of a demo whose default is frame mode (`?isolation=inline`). `pageOrigin`, when known: in
 * frame mode the element is rendered with its iframe (svc-card/ssr), so the frame loads as the HTML is
 * parsed, and the frame-mode script is `defer` (issue 27: svc-ready sooner). svc-next-action.js, needed once Pay
 * is answered, is `defer` in both modes, as is svc-boleto-barcode.js when boleto is offered; so is the chooser's: it is rendered with its radios (svc-card/ssr),
 * so no script blocks the parser before the card form.
 * `plan`: the page sells the monthly plan (`?plan=monthly`, issue 40 item 3): `product` is the plan's, `offer`
 * readPlanOffer's (PIX Automático, then card), and svc-mandate.js is loaded (`defer`) for the authorisation's panel;
 * `sellsPlan`: the product's page offers that plan's page in a section of its own.
 */
export function renderCheckoutPage({ product, offer, assets, publicKey, keyId, lang, frame, inlineChosen = false, pageOrigin, plan = false, sellsPlan = false }) {
  const say = PAGE_TEXTS[lang];
  // A page's address in `to` language: the mode chosen and the plan kept (the other language of the inline page is inline too).
  const hrefOf = (to, { isPlan = plan } = {}) => {
    const query = new URLSearchParams(to === 'en' ? { lang: 'en' } : {});
    if (isPlan) query.set('plan', 'monthly');
    if (inlineChosen) query.set('isolation', 'inline');
    return `/${query.size ? `?${query}` : ''}`;
  };
  const switchHref = hrefOf(say.switchTo.lang);
  const script = (asset, extra = '') =>
    `<script src="${asset.path}" integrity="${asset.integrity}" crossorigin="anonymous"${extra}></script>`;
  const price = formatBRL(offer.cents, lang);
  // Nothing here is card data: the plans and the amount are the store's, in attributes.
  const checkout = `amount="${offer.cents}" installments="${escape(JSON.stringify(offer.plans))}" holder-document`;
  const frameCard = frame && (pageOrigin
    ? renderSvcCardForm({
      slot: 'card', name: 'card', lang, 'frame-src': frame.src, 'key-id': keyId,
      amount: offer.cents, installments: JSON.stringify(offer.plans), 'holder-document': true,
    }, { origin: pageOrigin })
    : `<svc-card-form slot="card" name="card" lang="${lang}" frame-src="${escape(frame.src)}" key-id="${escape(keyId)}" ${checkout}></svc-card-form>`);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(say.title)} · ${escape(product.store)}</title>
${frame ? `<link rel="preconnect" href="${escape(new URL(frame.src).origin)}">
` : ''}<meta name="color-scheme" content="light dark">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/checkout.css" integrity="${assets.byPath.get('/assets/checkout.css').integrity}" crossorigin="anonymous">
${frame ? `<script src="${escape(frame.script)}" integrity="${frame.integrity}" crossorigin="anonymous"${pageOrigin ? ' defer' : ''}></script>` : script(assets.element)}
${script(assets.nextAction, ' defer')}
${offer.methods?.includes('boleto') ? `${script(assets.boletoBarcode, ' defer')}\n` : ''}${offer.methods?.includes('pix-auto') ? `${script(assets.mandate, ' defer')}\n` : ''}${script(assets.paymentMethods, ' defer')}
${script(assets.byPath.get('/assets/checkout.js'), ' defer')}
</head>
<body>
<header class="store"><p class="store-name"><img src="/assets/logo.svg" alt="" width="40" height="40"> ${escape(product.store)}</p>
  <a class="lang-switch" href="${escape(switchHref)}" hreflang="${say.switchTo.lang}" lang="${say.switchTo.lang}">${escape(say.switchTo.label)}</a></header>
<main>
  <h1 id="page-title">${escape(say.title)}</h1>
  <section class="order" aria-labelledby="order-title">
    <h2 id="order-title">${escape(plan ? say.plan.order : say.order)}</h2>
    <div class="product"><img class="product-picture" src="/assets/product.svg" alt="${escape(plan ? say.plan.productAlt : say.productAlt)}" width="64" height="64">
      <p><span class="product-title">${escape(product.titles[lang])}</span>
      <span class="product-price" id="price">${escape(plan ? say.plan.perMonth(price) : price)}</span></p></div>
    <p class="total"><span>${escape(say.total)} <small class="interest" id="interest" hidden>(${escape(say.interest)} <span></span>)</small></span> <strong id="total">${escape(price)}</strong></p>
  </section>
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">${escape(say.payment)}</h2>
    <form id="checkout" novalidate>
      ${renderSvcPaymentMethods({ id: 'methods', lang, methods: offer.methods.join(' ') }, `
      ${frame
        ? frameCard
        : `<svc-card-form slot="card" name="card" lang="${lang}" public-key="${escape(publicKey)}" key-id="${escape(keyId)}" ${checkout}></svc-card-form>`}
      <p slot="pix" class="method-note">${escape(say.methodNotes.pix)}</p>
      <p slot="boleto" class="method-note">${escape(say.methodNotes.boleto)}</p>
      ${plan ? `<p slot="pix-auto" class="method-note">${escape(say.plan.note)}</p>\n` : ''}      `)}
      <button type="submit" id="pay" disabled data-waiting><span class="pay-label">${escape(plan ? say.plan.pay(price) : say.pay(price))}</span><span class="pay-total"></span><span class="busy-label">${escape(say.busy)}</span><span class="wait-label">${escape(say.waiting)}</span></button>
      <div id="pay-outcome" class="outcome pay-outcome" role="alert"></div>
    </form>
    <p class="secure"><img src="/assets/lock.svg" alt="" width="16" height="16"> ${escape(say.secure)}</p>
    <div id="next" class="next" hidden></div>
    <button type="button" id="other-method" class="other-method" hidden>${escape(say.otherMethod)}</button>
    <div id="outcome" class="outcome" role="status" aria-live="polite" tabindex="-1"></div>
    <a id="new-order" class="new-order" href="" hidden>${escape(say.newOrder)}</a>
  </section>
  <section class="sandbox-note" aria-label="${escape(say.sandboxLabel)}">
  ${plan ? `<p>${escape(say.plan.sandboxNote)}</p>\n  ` : ''}<p>${escape(say.sandboxNote(hintRows()[0]))}</p>
  ${testCardsTable(lang)}
  </section>
${sellsPlan && !plan ? `  <section class="plan-offer" aria-labelledby="plan-offer-title">
    <h2 id="plan-offer-title">${escape(say.plan.offer)}</h2>
    <p><a id="plan-link" href="${escape(hrefOf(lang, { isPlan: true }))}">${escape(say.plan.offerLink)}</a></p>
  </section>
` : ''}</main>
</body>
</html>
`;
}
