// The merchant's web server: serves the checkout page and its assets, makes one order per checkout
// session (orders.mjs, named by a cookie), pays the order's one charge with what the page sends
// (the encrypted card, or PIX or boleto: order-routes.mjs) through @svc-card/client, and takes the
// service's webhooks, which fulfil the order (webhooks.mjs). It never sees open card data: it
// forwards the token. Language: pt-BR by default, English with `?lang=en` (messages.mjs).
import { createClient } from '@svc-card/client';
import { requestUrl, startDemoServer } from '../http-server.mjs';
import { sendJson } from './http.mjs';
import { loadAssets } from './assets.mjs';
import { readOffer, readPlanOffer } from './catalogue.mjs';
import { langOf } from './messages.mjs';
import { createOrderStore } from './orders.mjs';
import { orderCookie, orderIdOf } from './order-cookie.mjs';
import { orderRoute, payRoute, subscribeRoute, webhookRoute } from './order-routes.mjs';
import { registerWebhook } from './webhooks.mjs';
import { renderCheckoutPage } from './page.mjs';
import { ssrStyleSource } from '../../dist/ssr.js';
import { logFailure } from './log.mjs';
import { checkoutHeaders, SECURITY_HEADERS } from './security-headers.mjs';

/**
 * What the demo store sells, as it presents it; the price and the installment plans are the
 * sandbox product's (catalogue.mjs), read for each page and payment.
 */
export const DEMO_PRODUCT = {
  store: 'Café do Vale',
  titles: { 'pt-BR': 'Café especial em grãos, 1 kg', en: 'Specialty coffee beans, 1 kg' },
};

/** The monthly plan sold by PIX Automático (`config.planId`, issue 40 item 3), as the store presents it. */
export const DEMO_PLAN = {
  store: DEMO_PRODUCT.store,
  titles: { 'pt-BR': 'Café do mês: 1 kg de café especial todo mês', en: 'Coffee of the month: 1 kg of specialty coffee every month' },
};

// The page's origin as the browser asked for it (the Host header, loopback in the demo): the frame
// answers that origin only. A host that is not one gives none: the element then loads its frame itself.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const pageOriginOf = (request) => (HOST.test(request.headers.host ?? '') ? `http://${request.headers.host}` : undefined);

/**
 * GET /: the page in `lang`, with the product's current price and plans, for the order of this
 * browser's checkout (its cookie): a reload is the same order; a new order only when there is none
 * or it is paid. `?plan=monthly`: the page of the monthly plan (when the store sells one), whose order is the plan's;
 * coming from the product's page (or back) is a new order, as each order has the one charge of what it buys.
 */
async function checkoutPage(request, response, { url, product, assets, config, styleSource, orders }) {
  const lang = langOf(url.searchParams.get('lang'));
  const plan = url.searchParams.get('plan') === 'monthly' && !!config.planId;
  const kind = plan ? 'plan' : 'product';
  // Frame mode by default when the card frame is hosted (issue 9); ?isolation=inline keeps the inline element.
  const frame = url.searchParams.get('isolation') !== 'inline' ? config.frame : undefined;
  let offer;
  try {
    offer = plan ? await readPlanOffer(config) : await readOffer(config, config.productId);
  } catch {
    return response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('the catalogue is unavailable: try again in a moment');
  }
  let order = orders.get(orderIdOf(request));
  // A new order once this one is paid, or its charge can no longer be paid (its PIX or boleto cancelled: issue 39).
  const fresh = request.method === 'GET' && (!order || order.payment || order.slip?.ended === 'canceled' || order.kind !== kind);
  if (fresh) order = orders.open(offer.cents, kind);
  const page = renderCheckoutPage({ product: plan ? { ...DEMO_PLAN, store: product.store } : product, offer, plan, sellsPlan: !!config.planId, assets, publicKey: config.publicKey, keyId: config.keyId, lang, frame, inlineChosen: !frame && !!config.frame, pageOrigin: pageOriginOf(request) });
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-language': lang, 'cache-control': 'no-store', ...checkoutHeaders({ frameOrigin: frame?.origin, serviceOrigin: new URL(config.sandboxUrl).origin, styleSource }), ...(fresh ? { 'set-cookie': orderCookie(order.id) } : {}) });
  response.end(request.method === 'HEAD' ? undefined : page);
}

/** An unexpected failure of a route: logged by name only (log.mjs), answered 500 if nothing was sent. */
const guarded = (response, work) => work.catch((error) => {
  logFailure('merchant', error);
  if (!response.headersSent) sendJson(response, 500, { outcome: 'error', message: 'unexpected error' }, SECURITY_HEADERS);
});

/**
 * Starts the merchant server on 127.0.0.1 (`port` 0: a free one) and registers its POST /webhooks
 * with the sandbox (removed again by close()).
 * `config`: {sandboxUrl, apiKey, companyId, productId, planId?, publicKey, keyId, product?, frame?, fulfil?}: `productId`
 * names the sandbox product sold (its price and plans), `planId` the subscription plan sold by PIX Automático
 * (POST /api/subscribe); with `frame` ({origin, src, script,
 * integrity}) the page is in frame mode unless `?isolation=inline`; `fulfil(order)` runs once per
 * order, when a verified webhook first finds it paid (the store would ship it then); `apiFetch`: the
 * fetch under the client (tests).
 */
export async function startMerchant({ port = 0, product = DEMO_PRODUCT, apiFetch, ...config }) {
  const assets = loadAssets();
  const styleSource = await ssrStyleSource(); // the server-rendered elements' <style>: the chooser, frame mode's card form
  // The payments API through @svc-card/client: Idempotency-Keys, retries of what may not have run, ApiError.
  const api = createClient({ baseUrl: config.sandboxUrl, apiKey: config.apiKey, timeoutMs: 10_000, ...(apiFetch ? { fetch: apiFetch } : {}) });
  const orders = createOrderStore();
  const store = { api, orders, config: { ...config, customerName: `Cliente ${product.store}` }, seen: new Set(), secret: '' };
  const server = await startDemoServer((request, response) => {
    const url = requestUrl(request);
    const path = url?.pathname;
    const asset = assets.byPath.get(path);
    if (!url) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('the request target must be a path');
    } else if (request.method === 'POST' && path === '/api/pay') {
      guarded(response, payRoute(request, response, store));
    } else if (request.method === 'POST' && path === '/api/subscribe') {
      guarded(response, subscribeRoute(request, response, store));
    } else if (request.method === 'POST' && path === '/webhooks') {
      guarded(response, webhookRoute(request, response, store));
    } else if (request.method === 'GET' && path === '/api/order') {
      guarded(response, Promise.resolve().then(() => orderRoute(request, response, url, store)));
    } else if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
    } else if (path === '/') {
      checkoutPage(request, response, { url, product, assets, config, styleSource, orders }).catch((error) => {
        logFailure('merchant', error);
        if (!response.headersSent) response.writeHead(500, SECURITY_HEADERS).end();
      });
    } else if (asset) {
      response.writeHead(200, { ...asset.headers, ...SECURITY_HEADERS });
      response.end(request.method === 'HEAD' ? undefined : asset.body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('not found');
    }
  }, port);
  let webhook;
  try {
    webhook = await registerWebhook(api, config.companyId, `${server.url}/webhooks`);
  } catch (error) {
    await server.close();
    throw error;
  }
  store.secret = webhook.secret;
  return {
    ...server,
    scriptPath: assets.element.path,
    integrity: assets.element.integrity,
    /** The endpoint registered with the sandbox, its secret included (tests sign deliveries of their own with it). */
    webhook: { ...webhook, url: `${server.url}/webhooks` },
    orders,
    close: async () => {
      await api.DELETE('/sandbox/v1/webhooks', { params: { query: { companyId: config.companyId, webhookId: webhook.id } } }).catch(() => {});
      await server.close();
    },
  };
}
