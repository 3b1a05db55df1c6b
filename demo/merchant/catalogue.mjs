// The store's catalogue lives in the payments API: the product's price and its credit-card
// installment plans (reference 2.1, charge.paymentMethod[].installments) are read from the
// sandbox for every page and every payment, never copied into the store. What the store
// keeps is only its own presentation (names in each language).
import { plansWithRates, resolveInstallments, toCents } from './project-rules.mjs';

/** The chooser's name of each API method the store takes (DEBIT_CARD: the card form has no debit choice). */
const METHOD = { CREDIT_CARD: 'card', PIX: 'pix', BOLETO: 'boleto' };

/**
 * The offer for `productId`: `{cents, plans, options, methods}`; `plans` are the product's entries as
 * the element takes them (each with interest carrying its monthly rate and CET), `options` each resolved against the price in cents (1x only when
 * the product lists none), `methods` the active ones the store takes in the product's order,
 * as <svc-payment-methods methods> names them (issue 27; a product without charge rules offers all
 * four, as the sandbox says). Rejects when the sandbox cannot say.
 */
export async function readOffer({ sandboxUrl, apiKey }, productId) {
  const response = await fetch(`${sandboxUrl}/sandbox/v1/products/${encodeURIComponent(productId)}`, {
    headers: { apiKey }, signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`the catalogue (product ${productId}) answered ${response.status}`);
  const product = await response.json();
  const cents = toCents(product.product.price);
  const card = product.charge?.paymentMethod?.find((method) => method.type === 'CREDIT_CARD' && method.active);
  const plans = card?.installments?.length ? card.installments : [{ installment: 1 }];
  // A plan the element could not show (a broken entry) is not offered by the store either.
  const options = resolveInstallments(plans, cents).filter((option) => !(option instanceof Error));
  const listed = product.charge?.paymentMethod ?? Object.keys(METHOD).map((type) => ({ type, active: true }));
  const methods = [...new Set(listed.filter((method) => method.active && METHOD[method.type]).map((method) => METHOD[method.type]))];
  // The plans the page gives the element carry each one's monthly rate and CET, computed here on the server
  // (issue 39, as Mercado Pago's installments answer does): the element writes them, it does not compute them.
  return { cents, plans: plansWithRates(plans, cents), options, methods };
}

/**
 * The plan's offer (issue 40 item 3): readOffer of `config.planId`, sold by PIX Automático first and by card
 * (the fallback when the payer's bank refuses the mandate), whatever else the plan's product takes.
 */
export async function readPlanOffer(config) {
  const offer = await readOffer(config, config.planId);
  return { ...offer, methods: ['pix-auto', ...offer.methods.filter((method) => method === 'card')] };
}
