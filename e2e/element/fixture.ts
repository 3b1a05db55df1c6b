// Shared set-up for the element's e2e specs: a static server on the project
// root (dist/ and e2e/pages/), the checkout page with the test public key set.
import { test as base, type Locator, type Page } from '@playwright/test';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { EXPIRY_TYPED } from '../support/cards.mjs';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

export const PUBLIC_KEY = readSharedKey('rsa-2048-public.pem');
// Expiry December of this year + 3 (MMYY typed): a fixed year would expire.
export const CARD = { holder: 'MARIA DA SILVA', number: '5555555555554444', expiry: `12${EXPIRY_TYPED.slice(2)}`, code: '321' };

export interface Checkout {
  page: Page;
  field(id: 'holder' | 'number' | 'expiry' | 'securityCode'): Locator;
  open(query?: string): Promise<void>;
  fill(card?: Partial<typeof CARD>): Promise<void>;
}

export const test = base.extend<{ checkout: Checkout }, { server: StaticServer }>({
  server: [async ({}, use) => {
    const server = await startStaticServer(process.cwd());
    await use(server);
    await server.close();
  }, { scope: 'worker' }],
  checkout: async ({ page, server }, use) => {
    const field: Checkout['field'] = (id) => page.locator(`svc-card-form #${id}`);
    await use({
      page,
      field,
      async open(query = '') {
        await page.goto(`${server.url}/e2e/pages/element/checkout.html${query}`);
        await page.locator('body[data-ready="true"]').waitFor();
        await page.evaluate((pem) => {
          document.querySelector('svc-card-form')!.publicKey = pem;
        }, PUBLIC_KEY);
      },
      async fill(card = {}) {
        const values = { ...CARD, ...card };
        await field('holder').pressSequentially(values.holder);
        await field('number').pressSequentially(values.number);
        await field('expiry').pressSequentially(values.expiry);
        await field('securityCode').pressSequentially(values.code);
      },
    });
  },
});
export { expect } from '@playwright/test';
