// The server's side of the shop: what it sells, who buys, and its payments API settings, read
// from the environment at request time (never sent to the page, except the public key and its id).

/** The product, from the shop's own records: the amount never comes from the browser. */
export const ORDER = { description: 'Coffee beans, 1 kg', cents: 4990 } as const;

/** The signed-in customer (a real shop has them from its sign-in): a charge names who pays. */
export const CUSTOMER = { name: 'Maria da Silva', doc: '52998224725', email: 'maria@example.com' } as const;

/** The captcha token the sandbox's stub accepts on POST /v1/charge/pay (live, the service's captcha gives one per payment). */
const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';

export function settings() {
  const read = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set (see this example's README.md)`);
    return value;
  };
  return {
    apiUrl: read('SVC_API_URL'),
    apiKey: read('SVC_API_KEY'),
    companyId: read('SVC_COMPANY_ID'),
    webhookSecret: read('SVC_WEBHOOK_SECRET'),
    captchaToken: process.env.SVC_CAPTCHA_TOKEN || SANDBOX_CAPTCHA_TOKEN,
    publicKey: read('SVC_PUBLIC_KEY').replace(/\\n/g, '\n'),
    keyId: process.env.SVC_KEY_ID || 'v1',
  };
}

/** R$ 49,90 from 4990 cents (integer cents; no rounding: BRL has two decimals). */
export const brl = (cents: number) => `R$ ${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
