#!/usr/bin/env node
// `npm run docs`: generates the reference pages, starts the demo's sandbox and card frame
// (demo/start-demo.mjs, records in memory) for the playground, then the VitePress dev
// server on http://127.0.0.1:<port> (--port N or PORT, default 5180; 0: a free one).
// The card frame lets the docs origin embed it (startDemo's `embedders`).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vitepress';
import { startDemo } from '../../demo/start-demo.mjs';

const site = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const flag = process.argv.indexOf('--port');
const port = Number(flag > 0 ? process.argv[flag + 1] : process.env.PORT ?? '5180');

const generated = spawnSync(process.execPath, [resolve(site, 'scripts/generate.mjs')], { stdio: 'inherit' });
if (generated.status !== 0) process.exit(generated.status ?? 1);

let docsOrigin = '';
const demo = await startDemo({ port: 0, embedders: () => (docsOrigin ? [docsOrigin] : []) });
const { SANDBOX_CREDENTIAL } = await import('tsx/esm/api').then(({ tsImport }) => tsImport('../../sandbox/seed.ts', import.meta.url));
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
const server = await createServer(site, { host: '127.0.0.1', port, strictPort: port !== 0 });
await server.listen();
const address = server.httpServer?.address();
docsOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
console.log(`Sandbox payments API: ${demo.sandboxUrl}`);
console.log(`Card frame: ${demo.frame.origin}`);
console.log(`Documentation: ${docsOrigin}/ (playground: ${docsOrigin}/playground.html)`);
const stop = async () => { await server.close(); await demo.close(); process.exit(0); };
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
