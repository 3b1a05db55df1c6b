// A shopper of the demo store over HTTP: the checkout page gives the order's cookie (demo/merchant/
// order-cookie.mjs), which every later request of this shopper carries, as a browser does.
import { encryptInNode } from '../../../e2e/support/node-encrypt.js';
import { ELO_PAID_CARD } from '../../../test-support/cards.mjs';
import type { Demo } from '../../../demo/start-demo.mjs';

export interface Shopper {
  cookie: string;
  pay(body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  payByCard(body?: Record<string, unknown>, card?: object): Promise<{ status: number; body: any }>;
  order(lang?: string): Promise<any>;
}

/** A shopper who opened the product's page, or with `plan` the monthly plan's page (`?plan=monthly`: the plan's order). */
export async function newShopper(demo: Demo, lang = 'en', { plan = false } = {}): Promise<Shopper> {
  const page = await fetch(`${demo.url}/?lang=${lang}${plan ? '&plan=monthly' : ''}`);
  await page.text();
  const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
  const pay = async (body: Record<string, unknown>) => {
    const response = await fetch(`${demo.url}/api/pay`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ lang, ...body }) });
    return { status: response.status, body: await response.json() };
  };
  return {
    cookie,
    pay,
    payByCard: async (body = {}, card: object = ELO_PAID_CARD) => pay({ encryptedCard: await encryptInNode({ ...card, keyId: demo.keys.keyId } as never, demo.keys.publicKeyPem), ...body }),
    order: async (orderLang = lang) => (await fetch(`${demo.url}/api/order?lang=${orderLang}`, { headers: { cookie } })).json(),
  };
}
