// The page's calls about its order (the cookie names it: order-cookie.mjs): POST /api/pay pays the
// order's charge by card, PIX or boleto; GET /api/order says where the order stands, as the
// webhooks left it; POST /api/subscribe sells the plan by PIX Automático (plan-mandate.mjs);
// POST /webhooks takes the service's events (webhooks.mjs).
import { ApiError } from '@svc-card/client';
import { BodyError, readJson, readRaw, sendJson } from './http.mjs';
import { readOffer, readPlanOffer } from './catalogue.mjs';
import { checkChoice } from './choice.mjs';
import { langOf, OUTCOME_TEXTS } from './messages.mjs';
import { orderIdOf } from './order-cookie.mjs';
import { payOrder } from './order-payment.mjs';
import { cardOutcome, orderOutcome, paidOutcome, refusedOutcome, slipOutcome } from './outcomes.mjs';
import { SECURITY_HEADERS } from './security-headers.mjs';
import { receiveWebhook, reconcile } from './webhooks.mjs';
import { askMandate, ensureSubscription, mandateStep } from './plan-mandate.mjs';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const reply = (response, { http, ...outcome }) => sendJson(response, http, outcome, SECURITY_HEADERS);
const today = () => new Date().toISOString().slice(0, 10);
/** The API refused a payment of the charge because it is paid already (by another method, or a request before). */
const alreadyPaid = (error) => error instanceof ApiError && error.status === 400 && error.fieldErrors.some((item) => item.path === '_id');

/** One payment request of `order`, as the shopper asked for it in `body`; resolves the outcome to answer. */
async function attempt(store, order, body, lang) {
  const say = OUTCOME_TEXTS[lang];
  const method = body.method ?? 'card';
  try {
    // The plan's order (the page of ?plan=monthly) is paid by card only here: PIX Automático is /api/subscribe.
    const offer = order.kind === 'plan' ? await readPlanOffer(store.config) : await readOffer(store.config, store.config.productId);
    if (!['card', 'pix', 'boleto'].includes(method) || !offer.methods.includes(method)) return { http: 400, outcome: 'invalid', field: 'method', message: say.methodRefused };
    if (method !== 'card') {
      // The PIX or boleto already shown for this order is shown again, while the charge keeps it: no new one.
      if (order.slip?.method === method && order.slip.expiresOn >= today() && !order.slip.ended) return order.slip.outcome;
      const answer = await payOrder(store.api, store.config, store.orders, order, { method });
      const outcome = slipOutcome(answer, lang, method);
      if (outcome.outcome === 'pending') order.slip = { method, outcome, ...answer.charge.slip };
      return outcome;
    }
    if (!isObject(body.encryptedCard)) return { http: 422, outcome: 'invalid', message: 'encryptedCard (an object) is required' };
    const choice = checkChoice(body, offer);
    if (choice.field) return { http: 400, outcome: 'invalid', field: choice.field, message: say.refused[choice.field] };
    // The holder's CPF/CNPJ is checked (choice.mjs) but not sent: POST /v1/charge/pay has no member for it; the charge's client is the store's customer.
    // The plan's card pays the subscription's first charge (made now if no mandate was asked): still the order's one charge.
    if (order.kind === 'plan') await ensureSubscription(store.api, store.config, store.orders, order);
    const answer = await payOrder(store.api, store.config, store.orders, order, { method, token: body.encryptedCard, installments: choice.installments });
    const outcome = cardOutcome(answer, lang, choice.option);
    order.failure = undefined;
    order.card = outcome.outcome === 'authenticate' || outcome.outcome === 'waiting' || outcome.outcome === 'paid' ? { transactionId: answer.transaction._id, option: choice.option } : undefined;
    if (outcome.outcome === 'paid') order.payment = answer.transaction;
    return outcome;
  } catch (error) {
    if (alreadyPaid(error)) {
      await reconcile(store.api, { companyId: store.config.companyId }, order).catch(() => {});
      if (order.payment) return paidOutcome(order.payment, lang, order.card?.option);
    }
    if (error instanceof ApiError) return refusedOutcome(error, lang);
    return { http: 502, outcome: 'error', message: say.unavailable }; // no answer (the key is kept for the retry), or the catalogue unread
  }
}

/** POST /api/pay: one request at a time per order; a second one meanwhile (Pay pressed twice) gets the first one's answer. */
export async function payRoute(request, response, store) {
  let body;
  try {
    body = await readJson(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return reply(response, { http: error.status, outcome: 'invalid', message: error.message });
  }
  const lang = langOf(isObject(body) ? body.lang : undefined);
  const order = store.orders.get(orderIdOf(request));
  if (!order) return reply(response, { http: 409, outcome: 'no-order', message: OUTCOME_TEXTS[lang].noOrder });
  if (!isObject(body)) return reply(response, { http: 422, outcome: 'invalid', message: 'the body must be a JSON object' });
  if (order.payment) return reply(response, paidOutcome(order.payment, lang, order.card?.option)); // paid: nothing is sent
  if (!order.paying) order.paying = attempt(store, order, body, lang).finally(() => { order.paying = undefined; });
  reply(response, await order.paying);
}

/** GET /api/order?lang=: the order as it stands (the page asks while it waits); a plan's order says its mandate too. */
export function orderRoute(request, response, url, store) {
  const lang = langOf(url.searchParams.get('lang'));
  const order = store.orders.get(orderIdOf(request));
  if (!order) return reply(response, { http: 409, outcome: 'no-order', message: OUTCOME_TEXTS[lang].noOrder });
  const plan = order.plan?.status ? { mandate: { status: order.plan.status, step: mandateStep(order.plan.status), message: OUTCOME_TEXTS[lang].mandate[order.plan.status] ?? '' } } : {};
  reply(response, { ...orderOutcome(order, lang), ...plan });
}

/**
 * POST /api/subscribe: the plan by PIX Automático (when the store sells one: config.planId). Answers
 * {outcome: 'authorise', next} (next: the mandate answer the page gives handleNextAction), the paid
 * outcome once the order is paid, or the API's refusal. One request at a time per order, as /api/pay.
 */
export async function subscribeRoute(request, response, store) {
  const lang = langOf(new URL(request.url ?? '/', 'http://x').searchParams.get('lang'));
  const order = store.orders.get(orderIdOf(request));
  if (!store.config.planId) return reply(response, { http: 404, outcome: 'invalid', message: 'this store sells no plan' });
  if (!order) return reply(response, { http: 409, outcome: 'no-order', message: OUTCOME_TEXTS[lang].noOrder });
  if (order.payment) return reply(response, paidOutcome(order.payment, lang));
  // The product's order has a charge of its own price: the plan is an order of its own (its page, ?plan=monthly).
  if (order.kind !== 'plan') return reply(response, { http: 409, outcome: 'invalid', field: 'order', message: OUTCOME_TEXTS[lang].notPlanOrder });
  if (!order.paying) {
    order.paying = askMandate(store.api, store.config, store.orders, order)
      .then((answer) => ({ http: 200, outcome: 'authorise', next: answer }))
      .catch((error) => (error instanceof ApiError ? refusedOutcome(error, lang) : { http: 502, outcome: 'error', message: OUTCOME_TEXTS[lang].unavailable }))
      .finally(() => { order.paying = undefined; });
  }
  reply(response, await order.paying);
}

/** Events are small; a delivery larger than this is not one. */
const MAX_EVENT_BYTES = 1024 * 1024;

/** POST /webhooks: the raw body verified, then answered as receiveWebhook says. */
export async function webhookRoute(request, response, store) {
  let raw;
  try {
    raw = await readRaw(request, MAX_EVENT_BYTES);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return sendJson(response, 400, { error: error.message }, SECURITY_HEADERS);
  }
  const { status, body } = await receiveWebhook(store, request.headers['svc-signature'], raw);
  sendJson(response, status, body, SECURITY_HEADERS);
}
