// @engines all
// The script-tag build on a plain page, in every engine (Chromium, Firefox ESR and
// WebKitGTK: e2e/support/engine-fixture.ts): global `svc`, the six error codes
// (shared validation vectors), and a token the service accepts.
import { expect, test } from '../support/engine-fixture.js';
import { PAID_CARD, PAID_PROFILE } from '../support/cards.mjs';
import { SHARED_PUBLIC_KEY, decryptWithSharedKey } from '../support/decrypt.js';
import { validationVectors } from '../../test-support/shared-vectors.mjs';
import { ROOT } from '../support/paths.js';
import { startStaticServer, type StaticServer } from '../support/static-server.mjs';

const vectors = validationVectors();

let server: StaticServer;
test.beforeAll(async () => {
  server = await startStaticServer(ROOT);
});
test.afterAll(async () => server.close());
test.beforeEach(async ({ enginePage: page }) => {
  await page.goto(`${server.url}/e2e/pages/plain.html`);
});

test('defines the global svc with encryptCard', async ({ enginePage: page }) => {
  expect(await page.evaluate(() => typeof (window as any).svc?.encryptCard)).toBe('function');
});

test('reports the six error codes, in order, for a card bad in every field', async ({ enginePage: page }) => {
  const result = await page.evaluate(() =>
    (window as any).svc.encryptCard({ publicKey: 'not a key', holder: '  ', number: '4111', expMonth: '13', expYear: '30', securityCode: '12' }),
  );
  expect(result.hasErrors).toBe(true);
  expect(result.encryptedCard).toBeNull();
  expect(result.errors.map((e: { code: string }) => e.code)).toEqual([
    'INVALID_HOLDER', 'INVALID_NUMBER', 'INVALID_EXPIRATION_MONTH', 'INVALID_EXPIRATION_YEAR', 'INVALID_SECURITY_CODE', 'INVALID_PUBLIC_KEY',
  ]);
});

test('gives every shared validation vector its codes', async ({ enginePage: page }) => {
  const codes = await page.evaluate(async (cases: typeof vectors) => {
    const out: string[][] = [];
    for (const c of cases) out.push((await (window as any).svc.encryptCard(c.input)).errors.map((e: { code: string }) => e.code));
    return out;
  }, vectors);
  expect(codes).toEqual(vectors.map((v) => v.errors));
});

test('makes a token the decryptor accepts, holding the typed card', async ({ enginePage: page }) => {
  const result = await page.evaluate((input: Record<string, string>) => (window as any).svc.encryptCard(input), { ...PAID_CARD, publicKey: SHARED_PUBLIC_KEY });
  expect(result.hasErrors).toBe(false);
  const opened = await decryptWithSharedKey(result.encryptedCard);
  expect(opened.keyId).toBe('v1');
  expect(opened.paymentProfile).toEqual(PAID_PROFILE);
});
