// The merchant's web server: serves the checkout page and its assets, and
// receives the encrypted card from the page as JSON (POST /api/pay). It never
// sees open card data: it forwards the token to the payments API.
// Language: pt-BR by default, English with `?lang=en` (messages.mjs).
import { requestUrl, startDemoServer } from '../http-server.mjs';
import { BodyError, readJson, sendJson } from './http.mjs';
import { loadAssets } from './assets.mjs';
import { createTransaction, customerOutcome } from './forward.mjs';
import { langOf } from './messages.mjs';
import { renderCheckoutPage } from './page.mjs';
import { logFailure } from './log.mjs';
import { frameModeHeaders, SECURITY_HEADERS } from './security-headers.mjs';

/** What the demo store sells: the amount is decided here, in cents. */
export const DEMO_PRODUCT = {
  store: 'Café do Vale',
  titles: { 'pt-BR': 'Café especial em grãos, 1 kg', en: 'Specialty coffee beans, 1 kg' },
  cents: 12990,
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
  if (!isObject(body) || !isObject(body.encryptedCard))
    return sendJson(response, 422, { outcome: 'invalid', message: 'encryptedCard (an object) is required' }, SECURITY_HEADERS);
  let answer;
  try {
    answer = await createTransaction(config, body.encryptedCard);
  } catch {
    answer = { status: 0, body: null }; // sandbox unreachable or timed out
  }
  const { http, ...outcome } = customerOutcome(answer, langOf(body.lang));
  sendJson(response, http, outcome, SECURITY_HEADERS);
}

/**
 * Starts the merchant server on 127.0.0.1 (`port` 0: a free one).
 * `config`: {sandboxUrl, apiKey, companyId, publicKey, keyId, product?, frame?}; with `frame`
 * ({origin, src, script, integrity}) the page is in frame mode unless `?isolation=inline`.
 */
export async function startMerchant({ port = 0, product = DEMO_PRODUCT, ...config }) {
  const assets = loadAssets();
  const render = (lang, frame) =>
    renderCheckoutPage({ product, assets, publicKey: config.publicKey, keyId: config.keyId, lang, frame, inlineChosen: !frame && !!config.frame });
  // Frame mode by default when the card frame is hosted (issue 9); ?isolation=inline keeps the inline element.
  const pages = { 'pt-BR': render('pt-BR'), en: render('en') };
  const framePages = config.frame && { 'pt-BR': render('pt-BR', config.frame), en: render('en', config.frame) };
  const frameHeaders = config.frame && frameModeHeaders(config.frame.origin);
  const forwarding = { ...config, cents: product.cents };
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
    } else if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
    } else if (path === '/') {
      const lang = langOf(url.searchParams.get('lang'));
      const framed = framePages && url.searchParams.get('isolation') !== 'inline';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-language': lang, 'cache-control': 'no-store', ...(framed ? frameHeaders : SECURITY_HEADERS) });
      response.end(request.method === 'HEAD' ? undefined : (framed ? framePages : pages)[lang]);
    } else if (asset) {
      response.writeHead(200, { ...asset.headers, ...SECURITY_HEADERS });
      response.end(request.method === 'HEAD' ? undefined : asset.body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }).end('not found');
    }
  }, port);
  return { ...server, scriptPath: assets.element.path, integrity: assets.element.integrity };
}
