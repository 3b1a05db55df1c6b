// A sandbox in memory (the shared test key) and one of the fixture shops on it, for the check's
// spec (e2e/sandbox/check.spec.ts) and for trying `svc-sandbox check` by hand:
//   npx tsx test-support/check-shops/start.ts naive|correct
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDecryptor } from '../../src/server/index.js';
import { startSandbox, type Sandbox } from '../../packages/sandbox/server.js';
import { DEMO_CHECKOUT_PRODUCT_ID, SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { readSharedKey } from '../shared-vectors.mjs';
import { startCorrectShop } from './correct-shop.js';
import { startNaiveShop, type Shop } from './naive-shop.js';

export const SHOPS = { naive: startNaiveShop, correct: startCorrectShop } as const;
export const CHECK_ACCESS = { apiKey: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`, companyId: SANDBOX_CREDENTIAL.companies[0]! };

export async function startShopWithSandbox(kind: keyof typeof SHOPS): Promise<{ sandbox: Sandbox; shop: Shop; close(): Promise<void> }> {
  // The e2e run's migrated dump when there is one (test-support/pglite/playwright-global-setup.ts): no initdb.
  const memoryImage = process.env.SVC_SANDBOX_MEMORY_IMAGE;
  const sandbox = await startSandbox({ decryptor: await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } }), memory: true, ...(memoryImage ? { memoryImage } : {}), webhookBackoffMs: 300 });
  const shop = await SHOPS[kind]({ sandboxUrl: sandbox.url, ...CHECK_ACCESS, productId: DEMO_CHECKOUT_PRODUCT_ID, publicKey: readSharedKey('rsa-2048-public.pem'), keyId: 'v1' });
  return { sandbox, shop, close: async () => { await shop.close(); await sandbox.close(); } };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const kind = process.argv[2] as keyof typeof SHOPS;
  if (!(kind in SHOPS)) throw new Error('usage: start.ts naive|correct');
  const { sandbox, shop, close } = await startShopWithSandbox(kind);
  console.log(`shop: ${shop.url}\nsandbox: ${sandbox.url}`);
  process.once('SIGINT', () => void close().then(() => process.exit(0)));
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
}
