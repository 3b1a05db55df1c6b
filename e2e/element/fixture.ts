// Shared set-up for the element's e2e specs, in every engine (Chromium, Firefox ESR,
// WebKitGTK: e2e/support/engine-fixture.ts): a static server on the project root
// (dist/ and e2e/pages/), the checkout page with the test public key set.
import { expect } from '@playwright/test';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { EXPIRY_TYPED } from '../support/cards.mjs';
import { test as engineTest } from '../support/engine-fixture.js';
import type { EngineLocator, EnginePage } from '../support/engine-page.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

export const PUBLIC_KEY = readSharedKey('rsa-2048-public.pem');
// Expiry December of this year + 3 (MMYY typed): a fixed year would expire.
export const CARD = { holder: 'MARIA DA SILVA', number: '5555555555554444', expiry: `12${EXPIRY_TYPED.slice(2)}`, code: '321' };

export type FieldId = 'holder' | 'number' | 'expiry' | 'securityCode';

export interface Checkout {
  page: EnginePage;
  field(id: FieldId): EngineLocator;
  /** CSS inside the element's shadow root. */
  part(selector: string): EngineLocator;
  open(query?: string): Promise<void>;
  fill(card?: Partial<typeof CARD>): Promise<void>;
  /** What the page's script recorded (e2e/pages/element/checkout.js). */
  seen(): Promise<Window['seen']>;
}

export const CHECKOUT_PATH = '/e2e/pages/element/checkout.html';

/** Opens the checkout page, waits for the element, gives it the test public key. */
export async function openCheckout(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => document.body.dataset.ready ?? '')).toBe('true');
  await page.evaluate((pem) => { document.querySelector('svc-card-form')!.publicKey = pem; }, PUBLIC_KEY);
}

export const test = engineTest.extend<{ checkout: Checkout }, { server: StaticServer }>({
  server: [async ({}, use) => {
    const server = await startStaticServer(process.cwd());
    await use(server);
    await server.close();
  }, { scope: 'worker' }],
  checkout: async ({ enginePage: page, server }, use) => {
    const part: Checkout['part'] = (selector) => page.shadow('svc-card-form', selector);
    const field: Checkout['field'] = (id) => part(`#${id}`);
    await use({
      page,
      field,
      part,
      open: (query = '') => openCheckout(page, `${server.url}${CHECKOUT_PATH}${query}`),
      async fill(card = {}) {
        const values = { ...CARD, ...card };
        await field('holder').type(values.holder);
        await field('number').type(values.number);
        await field('expiry').type(values.expiry);
        await field('securityCode').type(values.code);
      },
      seen: () => page.evaluate(() => window.seen),
    });
  },
});
export { expect };

declare global {
  interface Window {
    seen: { events: { type: string; detail: unknown }[]; submits: Record<string, FormDataEntryValue>[]; busy: (string | null)[] };
  }
}
