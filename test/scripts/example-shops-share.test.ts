// The three example shops (examples/*) pay an order with the same server files and page helper:
// one rule for one charge per order, its Idempotency-Keys, its statuses and its webhooks, written
// once and copied (each example stays a folder a merchant can copy alone). A fix made in one
// shop and not the others fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SHOPS = { 'nextjs-app-router': 'lib', 'nextjs-pages-react18': 'lib', sveltekit: 'src/lib' };
const SHARED = ['checkout.ts', 'server/orders.ts', 'server/catalogue.ts', 'server/outcomes.ts', 'server/payments.ts', 'server/fulfilment.ts', 'server/webhooks.ts'];

describe('the example shops share their payment files', () => {
  for (const file of SHARED) {
    it(file, () => {
      const [first, ...others] = Object.entries(SHOPS).map(([shop, lib]) => ({ shop, text: readFileSync(join(ROOT, 'examples', shop, lib, file), 'utf8') }));
      for (const other of others) expect(other.text, `examples/${other.shop}'s ${file} differs from examples/${first!.shop}'s`).toBe(first!.text);
    });
  }
});
