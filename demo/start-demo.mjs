// startDemo: keys (made on first start), the local sandbox API (packages/sandbox/,
// TypeScript, loaded through tsx) with the project's decryptor, the card frame on
// a server of its own, and the merchant server in front of the checkout page.
import { tsImport } from 'tsx/esm/api';
import { startFrameServer } from './frame-server.mjs';
import { ensureDemoKeys } from './keys.mjs';
import { startMerchant } from './merchant/server.mjs';

// The sandbox's TypeScript, loaded once per process. Each tsImport() call is a module graph of its
// own (tsx gives it a fresh namespace), PGlite and its WebAssembly included, so importing at every
// start made each in-memory sandbox compile PGlite and run initdb again (about 7 s of CPU on this
// machine) instead of loading the migrated image the first one kept (db/pglite.ts).
let sandboxModules;
const loadSandbox = () => (sandboxModules ??= Promise.all([
  tsImport('../packages/sandbox/server.ts', import.meta.url),
  tsImport('../packages/sandbox/seed.ts', import.meta.url),
]).catch((error) => {
  sandboxModules = undefined;
  throw error;
}));

/**
 * Starts the whole demo on 127.0.0.1. `port` is the merchant's (0: a free one);
 * the sandbox always takes a free port. `keysDir` defaults to demo/.keys/.
 * `sandboxDataDir` keeps the sandbox's records in a PGlite folder; without it
 * they live in memory and end with close() (tests), started from `sandboxImage` when given (a dump
 * of a migrated database, test-support/pglite/; default $SVC_SANDBOX_MEMORY_IMAGE, which the test
 * runs set: each process's first in-memory sandbox skips initdb). `embedders` returns other origins
 * allowed to embed the card frame besides the merchant's, read at each frame request (tests
 * put a server of their own in front of the merchant page: e2e/support/merchant-front.ts). `fulfil(order)`
 * runs once per order paid, from the merchant's verified webhooks; `apiFetch` is the fetch under the
 * merchant's @svc-card/client (tests lose answers with it).
 *
 * @example
 * const demo = await startDemo({ port: 0 });
 * await page.goto(demo.url);
 * await demo.close();
 */
export async function startDemo({ port = 4173, sandboxPort = 0, keysDir, decryptorOptions = {}, sandboxDataDir, sandboxImage = process.env.SVC_SANDBOX_MEMORY_IMAGE, extensions, embedders = () => [], fulfil, apiFetch } = {}) {
  const keys = await ensureDemoKeys(keysDir ? { dir: keysDir } : {});
  const { createCardFrameHost, createDecryptor } = await import('../dist/server.js');
  const [{ startSandbox }, { DEMO_CHECKOUT_PRODUCT_ID, DEMO_PRODUCT_ID, SANDBOX_CREDENTIAL }] = await loadSandbox();
  const decryptor = await createDecryptor({ keys: { [keys.keyId]: keys.privateKeyPem }, ...decryptorOptions });
  // The card frame (issue 9) on a server of its own, reached as http://localhost:<port>: another
  // origin than the sandbox's API and /docs, another site than the merchant's http://127.0.0.1:<port>.
  // Only the merchant page may embed it.
  let merchantOrigin = '';
  const frameHost = await createCardFrameHost({ keys: { [keys.keyId]: keys.privateKeyPem }, frameAncestors: () => [...(merchantOrigin ? [merchantOrigin] : []), ...embedders()] });
  const frameServer = await startFrameServer(frameHost);
  let sandbox;
  try {
    sandbox = await startSandbox({ decryptor, port: sandboxPort, ...(sandboxDataDir ? { dataDir: sandboxDataDir } : { memory: true, ...(sandboxImage ? { memoryImage: sandboxImage } : {}) }), ...(extensions ? { extensions } : {}) });
  } catch (error) {
    await frameServer.close();
    throw error;
  }
  const frame = { origin: frameServer.origin, src: frameServer.src, script: frameServer.script, integrity: frameServer.integrity };
  let merchant;
  try {
    merchant = await startMerchant({
      port,
      sandboxUrl: sandbox.url,
      apiKey: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`,
      companyId: SANDBOX_CREDENTIAL.companies[0],
      productId: DEMO_CHECKOUT_PRODUCT_ID,
      planId: DEMO_PRODUCT_ID, // the monthly plan, sold by PIX Automático (POST /api/subscribe)
      publicKey: keys.publicKeyPem,
      keyId: keys.keyId,
      frame,
      ...(fulfil ? { fulfil } : {}),
      ...(apiFetch ? { apiFetch } : {}),
    });
    merchantOrigin = merchant.url;
  } catch (error) {
    await sandbox.close();
    await frameServer.close();
    throw error;
  }
  return {
    url: merchant.url,
    port: merchant.port,
    sandboxUrl: sandbox.url,
    frame,
    sandbox,
    merchant,
    keys,
    close: async () => { await merchant.close(); await frameServer.close(); await sandbox.close(); },
  };
}
