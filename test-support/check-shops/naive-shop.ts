// A deliberately naive shop, kept so `svc-sandbox check` is seen to fail it with the right
// explanations (e2e/sandbox/check.spec.ts). Everything here is what the check must catch: a new
// POST /v1/transaction per press of Pay, no Idempotency-Key, 3-D Secure answered as an error, a
// new charge per PIX or boleto, no webhook. Never copy it.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send, shopAssets, shopPage } from './page.js';

export interface ShopOptions { sandboxUrl: string; apiKey: string; companyId: string; productId: string; publicKey: string; keyId: string }
export interface Shop { url: string; close(): Promise<void> }

export async function startNaiveShop(options: ShopOptions): Promise<Shop> {
  const assets = shopAssets(new URL('naive-page.js', import.meta.url));
  const api = async (path: string, body: unknown) => {
    const answer = await fetch(`${options.sandboxUrl}${path}`, { method: 'POST', headers: { apiKey: options.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: answer.status, body: await answer.json() as Record<string, any> };
  };
  const client = await api('/v1/client', { companyId: options.companyId, name: 'Naive Shopper', doc: '52998224725', email: 'naive@shop.example' });
  const clientId = client.body._id ?? (await (await fetch(`${options.sandboxUrl}/v1/client?companyId=${options.companyId}&search=52998224725`, { headers: { apiKey: options.apiKey } })).json()).items[0]._id;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    const asset = assets.get(url.pathname);
    if (asset) return send(response, 200, 'text/javascript', asset);
    if (request.method === 'GET' && url.pathname === '/') return send(response, 200, 'text/html', shopPage({ orderId: randomUUID(), publicKey: options.publicKey, keyId: options.keyId }));
    if (request.method !== 'POST' || url.pathname !== '/api/pay') return send(response, 404, 'text/plain', 'not found');
    const { method, token } = JSON.parse(await readBody(request));
    try {
      if (method === 'card') {
        const paid = await api('/v1/transaction', { companyId: options.companyId, amount: 12990, token });
        if (paid.body.status === 'PAID') return send(response, 200, 'application/json', JSON.stringify({ paid: true }));
        return send(response, 502, 'application/json', JSON.stringify({ error: 'Payment failed, try again' }));
      }
      const paymentMethod = method === 'pix' ? 'PIX' : 'BOLETO';
      const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const charge = await api('/v1/charge', { companyId: options.companyId, clientId, productId: options.productId, amount: 129.9, dueDate, paymentMethods: [paymentMethod] });
      const slip = await api('/v1/charge/pay', { _id: charge.body._id, companyId: options.companyId, paymentMethod, captchaToken: 'sandbox-captcha-ok' });
      return send(response, 200, 'application/json', JSON.stringify({ slip: slip.body }));
    } catch {
      return send(response, 502, 'application/json', JSON.stringify({ error: 'Payment failed, try again' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
