// The server's side of the shop ($lib/server: SvelteKit never lets the page import it): what it
// sells and its payments API settings, read from the environment at request time.
import { env } from '$env/dynamic/private';

/** The order, from the shop's own records: the amount never comes from the browser. */
export const ORDER = { description: 'Coffee beans, 1 kg', cents: 4990 } as const;

export function settings() {
  const read = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set (see this example's README.md)`);
    return value;
  };
  return {
    apiUrl: read('SVC_API_URL'),
    apiKey: read('SVC_API_KEY'),
    companyId: read('SVC_COMPANY_ID'),
    publicKey: read('SVC_PUBLIC_KEY').replace(/\\n/g, '\n'),
    keyId: env.SVC_KEY_ID || 'v1',
  };
}

/** R$ 49,90 from 4990 cents (integer cents; no rounding: BRL has two decimals). */
export const brl = (cents: number) => `R$ ${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
