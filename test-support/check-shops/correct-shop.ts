// A small shop that does what the shared decisions of issue 41 say, so `svc-sandbox check` is seen
// to pass a correct checkout (e2e/sandbox/check.spec.ts): one charge per order made on the server,
// every method paid through POST /v1/charge/pay on it with an Idempotency-Key derived from the
// order and the attempt (@svc-card/client retries a network error with the same key), every status
// answered, fulfilment from verified webhooks, idempotent on the event id.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createClient, verifyWebhook } from '../../packages/client/src/index.js';
import { readBody, send, shopAssets, shopPage } from './page.js';
import type { Shop, ShopOptions } from './naive-shop.js';

const CENTS = 12990;
const WAITING = new Set(['PROCESSING', 'IN_ANALYSIS', 'AUTHORIZED', 'STANDBY', 'PENDING_REVIEW']);
const API_METHOD = { card: 'CREDIT_CARD', pix: 'PIX', boleto: 'BOLETO' } as const;

interface Order { chargeId?: string; paid: boolean }

export async function startCorrectShop(options: ShopOptions): Promise<Shop> {
  const assets = shopAssets(new URL('correct-page.js', import.meta.url));
  const api = createClient({ baseUrl: options.sandboxUrl, apiKey: options.apiKey, backoffMs: 200 });
  const { companyId } = options;
  const orders = new Map<string, Order>();
  const seenEvents = new Set<string>();
  const customer = { name: 'Careful Shopper', doc: '52998224725', email: 'careful@shop.example' };
  const clientId = await api.POST('/v1/client', { body: { companyId, ...customer } }).then((c) => c._id, async () => {
    const found = await api.GET('/v1/client', { params: { query: { companyId, search: customer.doc } } });
    return found.items[0]!._id;
  });

  /** The order's one charge, made once (its key is the order's). */
  async function chargeOf(orderId: string, order: Order): Promise<string> {
    if (order.chargeId) return order.chargeId;
    const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const charge = await api.POST('/v1/charge', { body: { companyId, clientId, productId: options.productId, amount: CENTS / 100, dueDate }, headers: { 'Idempotency-Key': `${orderId}:charge` } });
    return (order.chargeId = charge._id);
  }

  async function pay(body: { orderId: string; attempt: number; method: keyof typeof API_METHOD; token?: string }) {
    const order = orders.get(body.orderId);
    if (!order) return { outcome: 'error', message: 'unknown order: reload the page' };
    if (order.paid) return { outcome: 'paid' };
    const _id = await chargeOf(body.orderId, order);
    try {
      const answer = await api.POST('/v1/charge/pay', {
        body: { _id, companyId, paymentMethod: API_METHOD[body.method], captchaToken: 'sandbox-captcha-ok', ...(body.token ? { token: body.token } : {}) },
        headers: { 'Idempotency-Key': `${body.orderId}:pay:${body.attempt}` },
      }) as Record<string, any>;
      const status = answer.transaction?.status ?? answer.status;
      if (status === 'PAID') { order.paid = true; return { outcome: 'paid' }; }
      if (answer.transaction?.nextAction || status === 'PENDING_PAYMENT') return { outcome: 'next', next: answer };
      if (WAITING.has(status)) return { outcome: 'waiting' };
      return { outcome: 'declined', message: answer.transaction?.message ?? `The payment was ${String(status).toLowerCase()}: try another card.` };
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.some((f) => /already paid/.test(f.msg))) { order.paid = true; return { outcome: 'paid' }; }
      if (error instanceof ApiError && error.status < 500) return { outcome: 'declined', message: error.messages[0] ?? 'The payment was refused.' };
      throw error;
    }
  }

  /** The order's status as the API says it now (after a challenge, or while a slip waits). */
  async function orderStatus(orderId: string) {
    const order = orders.get(orderId);
    if (!order?.chargeId) return { outcome: 'error', message: 'no such order' };
    const paid = await api.GET('/v1/transaction', { params: { query: { companyId, chargeId: order.chargeId, status: 'PAID', limit: 1 } as never } }) as { items: unknown[] };
    if (paid.items.length) { order.paid = true; return { outcome: 'paid' }; }
    return { outcome: 'not-paid' };
  }

  let webhook: { _id: string; secret: string } | undefined;
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    const asset = assets.get(url.pathname);
    if (asset) return send(response, 200, 'text/javascript', asset);
    try {
      if (request.method === 'GET' && url.pathname === '/') {
        const orderId = `ord_${randomUUID()}`;
        orders.set(orderId, { paid: false });
        return send(response, 200, 'text/html', shopPage({ orderId, publicKey: options.publicKey, keyId: options.keyId }));
      }
      if (request.method === 'POST' && url.pathname === '/api/pay') return send(response, 200, 'application/json', JSON.stringify(await pay(JSON.parse(await readBody(request)))));
      if (request.method === 'GET' && url.pathname === '/api/order') return send(response, 200, 'application/json', JSON.stringify(await orderStatus(url.searchParams.get('id') ?? '')));
      if (request.method === 'POST' && url.pathname === '/webhooks') {
        const event = verifyWebhook(webhook!.secret, request.headers['svc-signature'], await readBody(request));
        // Idempotent on the event id; the order's state is read from the charge, not from the event's order.
        if (!seenEvents.has(event.id)) seenEvents.add(event.id);
        return send(response, 200, 'text/plain', 'ok');
      }
      return send(response, 404, 'text/plain', 'not found');
    } catch {
      return send(response, 500, 'application/json', JSON.stringify({ outcome: 'error', message: 'The shop could not reach the payment service: try again.' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  webhook = await api.POST('/sandbox/v1/webhooks', { body: { companyId, url: `${shopUrl}webhooks` } });
  return {
    url: shopUrl,
    close: async () => {
      await api.DELETE('/sandbox/v1/webhooks', { params: { query: { companyId, webhookId: webhook!._id } } }).catch(() => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
