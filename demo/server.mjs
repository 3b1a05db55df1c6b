#!/usr/bin/env node
// `npm run demo`: builds, then starts the checkout demo and prints its address.
// Port: --port N, or PORT, default 4173; 0 picks a free one. The sandbox keeps
// its records in .sandbox-data/demo/ (PGlite), so they survive a restart.
import { startDemo } from './start-demo.mjs';

const flag = process.argv.indexOf('--port');
const raw = flag > 0 ? process.argv[flag + 1] : process.env.PORT ?? '4173';
const port = Number(raw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`demo: the port must be a whole number 0-65535, got ${JSON.stringify(raw)}`);
  process.exit(2);
}

try {
  const demo = await startDemo({ port, sandboxDataDir: '.sandbox-data/demo' });
  if (demo.keys.created) console.log(`Generated demo key pair "${demo.keys.keyId}" in ${demo.keys.dir}`);
  console.log(`Sandbox payments API: ${demo.sandboxUrl}`);
  console.log(`Card frame: ${demo.frame.origin}`);
  console.log(`Checkout demo: ${demo.url}/`);
  const stop = () => demo.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const busy = error && error.code === 'EADDRINUSE';
  console.error(busy ? `demo: port ${port} is in use; try --port 0 or PORT=<free port>` : `demo: ${error.message}`);
  process.exit(1);
}
