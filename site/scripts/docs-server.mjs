// The docs dev server with the playground's backend: the demo's sandbox and card frame host
// (demo/start-demo.mjs, records in memory), then VitePress on 127.0.0.1. Used by `npm run docs`
// (serve.mjs) and by e2e/chromium/docs-playground.spec.ts.
import { spawnSync } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createServer } from 'vitepress';
import { startDemo } from '../../demo/start-demo.mjs';

const site = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Generates the pages (all of them, or with `elementOnly` only what the playground reads), starts
 * the sandbox and the frame host, then the dev server on `port` (0: a free one). Resolves
 * `{url, sandboxUrl, frameOrigin, close()}`. `keysDir`: the demo key pair's folder (startDemo's).
 */
export async function startDocs({ port = 5180, elementOnly = false, keysDir } = {}) {
  const generated = spawnSync(process.execPath, [resolve(site, 'scripts/generate.mjs'), ...(elementOnly ? ['--element-only'] : [])], { stdio: 'inherit' });
  if (generated.status !== 0) throw new Error(`site/scripts/generate.mjs exited ${generated.status ?? generated.signal}`);
  let docsOrigin = '';
  // The card frame lets the docs origin embed it.
  const demo = await startDemo({ port: 0, ...(keysDir ? { keysDir } : {}), embedders: () => (docsOrigin ? [docsOrigin] : []) });
  const { SANDBOX_CREDENTIAL } = await tsImport('../../packages/sandbox/seed.ts', import.meta.url);
  process.env.SVC_DOCS_PLAYGROUND = JSON.stringify({
    publicKey: demo.keys.publicKeyPem,
    keyId: demo.keys.keyId,
    frame: demo.frame,
    sandboxUrl: demo.sandboxUrl,
    merchant: {
      sandboxUrl: demo.sandboxUrl,
      apiKey: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`,
      companyId: SANDBOX_CREDENTIAL.companies[0],
      customerName: 'Cliente docs',
    },
  });
  let server;
  try {
    // Vite reads port 0 as "the default" (5173): a free port is taken here, then held strictly.
    server = await createServer(site, { host: '127.0.0.1', port: port === 0 ? await freeLoopbackPort() : port, strictPort: true });
    await server.listen();
  } catch (error) {
    await demo.close();
    throw error;
  }
  const address = server.httpServer?.address();
  docsOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url: docsOrigin,
    sandboxUrl: demo.sandboxUrl,
    frameOrigin: demo.frame.origin,
    close: async () => { await server.close(); await demo.close(); },
  };
}

/** A port free on 127.0.0.1 now, as the system picks one for port 0. */
function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}
