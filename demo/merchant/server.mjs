// The merchant's web server: serves the checkout page and its assets, and
// receives the encrypted card from the page as JSON (POST /api/pay). It never
// sees open card data: it forwards the token to the payments API.
// Language: pt-BR by default, English with `?lang=en` (messages.mjs).
import { requestUrl, startDemoServer } from '../http-server.mjs';
import { BodyError, readJson, sendJson } from './http.mjs';
import { loadAssets } from './assets.mjs';
import { readOffer } from './catalogue.mjs';
import { checkChoice } from './choice.mjs';
import { createTransaction, customerOutcome, readTransaction, slipOutcome, slipPaidOutcome } from './forward.mjs';
import { createSlip, paidTransaction } from './slips.mjs';
import { langOf, OUTCOME_TEXTS } from './messages.mjs';
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

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

async function pay(request, response, config) {
  let body;
  try {
    body = await readJson(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return sendJson(response, error.status, { outcome: 'invalid', message: error.message }, SECURITY_HEADERS);
  }
  if (isObject(body) && body.method !== undefined && body.method !== 'card') return paySlip(response, body, config);
  if (!isObject(body) || !isObject(body.encryptedCard))
    return sendJson(response, 422, { outcome: 'invalid', message: 'encryptedCard (an object) is required' }, SECURITY_HEADERS);
  const lang = langOf(body.lang);
  let answer;
  let choice;
  try {
    const offer = await readOffer(config, config.productId);
    choice = checkChoice(body, offer);
    if (choice.field) {
      const refused = { outcome: 'invalid', field: choice.field, message: OUTCOME_TEXTS[lang].refused[choice.field] };
      return sendJson(response, 400, refused, SECURITY_HEADERS);
    }
    // The plan's total is charged (interest included): what the page's Pay button and total said.
    answer = await createTransaction(config, body.encryptedCard, { cents: choice.option.totalCents, installments: choice.installments, doc: choice.doc });
  } catch {
    answer = { status: 0, body: null }; // sandbox unreachable or timed out
  }
  const { http, ...outcome } = customerOutcome(answer, lang, choice?.option);
  sendJson(response, http, outcome, SECURITY_HEADERS);
}

/**
 * POST /api/pay with `method` pix or boleto (issue 27): one of the product's methods (the page can
 * be edited: the offer decides), charged at the product's price (no installments), answered with
 * what the page's handleNextAction shows.
 */
async function paySlip(response, body, config) {
  const lang = langOf(body.lang);
  let answer;
  try {
    const offer = await readOffer(config, config.productId);
    if (!['pix', 'boleto'].includes(body.method) || !offer.methods.includes(body.method))
      return sendJson(response, 400, { outcome: 'invalid', field: 'method', message: OUTCOME_TEXTS[lang].methodRefused }, SECURITY_HEADERS);
    answer = await createSlip(config, body.method, offer.cents);
  } catch {
    answer = { status: 0, body: null };
  }
  const { http, ...outcome } = slipOutcome(answer, lang, body.method);
  sendJson(response, http, outcome, SECURITY_HEADERS);
}

/** GET /api/charge?id=&lang=: whether a PIX or boleto was paid, as the API says (the page asks while it waits). */
async function chargeOutcome(response, url, config) {
  const lang = langOf(url.searchParams.get('lang'));
  const id = url.searchParams.get('id') ?? '';
  if (!/^[0-9a-f]{24}$/.test(id)) return sendJson(response, 422, { outcome: 'invalid', message: 'id must be a charge id' }, SECURITY_HEADERS);
  let outcome;
  try {
    outcome = slipPaidOutcome(await paidTransaction(config, id), lang);
  } catch {
    outcome = { http: 502, outcome: 'error', message: OUTCOME_TEXTS[lang].unavailable };
  }
  const { http, ...rest } = outcome;
  sendJson(response, http, rest, SECURITY_HEADERS);
}

/** GET /api/transaction?id=&lang=: after the 3-D Secure challenge, the outcome as the API says it (never as the page says it). */
async function transactionOutcome(response, url, config) {
  const lang = langOf(url.searchParams.get('lang'));
  const id = url.searchParams.get('id') ?? '';
  if (!/^[0-9a-f]{24}$/.test(id)) return sendJson(response, 422, { outcome: 'invalid', message: 'id must be a transaction id' }, SECURITY_HEADERS);
  let answer;
  try {
    answer = await readTransaction(config, id);
  } catch {
    answer = { status: 0, body: null };
  }
  const { http, ...outcome } = customerOutcome(answer, lang);
  sendJson(response, http, outcome, SECURITY_HEADERS);
}

// The page's origin as the browser asked for it (the Host header, loopback in the demo): the frame
// answers that origin only. A host that is not one gives none: the element then loads its frame itself.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const pageOriginOf = (request) => (HOST.test(request.headers.host ?? '') ? `http://${request.headers.host}` : undefined);

/** GET /: the page in `lang`, with the product's current price and plans. */
async function checkoutPage(request, response, { url, product, assets, config, styleSource }) {
  const lang = langOf(url.searchParams.get('lang'));
  // Frame mode by default when the card frame is hosted (issue 9); ?isolation=inline keeps the inline element.
  const frame = url.searchParams.get('isolation') !== 'inline' ? config.frame : undefined;
  let offer;
  try {
    offer = await readOffer(config, config.productId);
  } catch {
    return response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('the catalogue is unavailable: try again in a moment');
  }
  const page = renderCheckoutPage({ product, offer, assets, publicKey: config.publicKey, keyId: config.keyId, lang, frame, inlineChosen: !frame && !!config.frame, pageOrigin: pageOriginOf(request) });
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-language': lang, 'cache-control': 'no-store', ...checkoutHeaders({ frameOrigin: frame?.origin, serviceOrigin: new URL(config.sandboxUrl).origin, styleSource }) });
  response.end(request.method === 'HEAD' ? undefined : page);
}

/**
 * Starts the merchant server on 127.0.0.1 (`port` 0: a free one).
 * `config`: {sandboxUrl, apiKey, companyId, productId, publicKey, keyId, product?, frame?}: `productId`
 * names the sandbox product sold (its price and plans); with `frame` ({origin, src, script,
 * integrity}) the page is in frame mode unless `?isolation=inline`.
 */
export async function startMerchant({ port = 0, product = DEMO_PRODUCT, ...config }) {
  const assets = loadAssets();
  const styleSource = await ssrStyleSource(); // the server-rendered elements' <style>: the chooser, frame mode's card form
  const forwarding = { ...config, customerName: `Cliente ${product.store}` };
  const server = await startDemoServer((request, response) => {
    const url = requestUrl(request);
    const path = url?.pathname;
    const asset = assets.byPath.get(path);
    if (!url) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('the request target must be a path');
    } else if (request.method === 'POST' && path === '/api/pay') {
      pay(request, response, forwarding).catch((error) => {
        logFailure('merchant', error);
        if (!response.headersSent) sendJson(response, 500, { outcome: 'error', message: 'unexpected error' });
      });
    } else if (request.method === 'GET' && path === '/api/transaction') {
      transactionOutcome(response, url, forwarding).catch((error) => {
        logFailure('merchant', error);
        if (!response.headersSent) sendJson(response, 500, { outcome: 'error', message: 'unexpected error' });
      });
    } else if (request.method === 'GET' && path === '/api/charge') {
      chargeOutcome(response, url, forwarding).catch((error) => {
        logFailure('merchant', error);
        if (!response.headersSent) sendJson(response, 500, { outcome: 'error', message: 'unexpected error' });
      });
    } else if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
    } else if (path === '/') {
      checkoutPage(request, response, { url, product, assets, config, styleSource }).catch((error) => {
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
  return { ...server, scriptPath: assets.element.path, integrity: assets.element.integrity };
}
