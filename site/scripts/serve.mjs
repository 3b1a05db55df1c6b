#!/usr/bin/env node
// `npm run docs`: the site with its generated reference pages and a live playground, on
// http://127.0.0.1:<port> (--port N or PORT, default 5180; 0: a free one), beside a sandbox of
// the payments API and the card frame's host (docs-server.mjs).
import { startDocs } from './docs-server.mjs';

const flag = process.argv.indexOf('--port');
const raw = flag > 0 ? process.argv[flag + 1] : process.env.PORT ?? '5180';
const port = Number(raw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs: the port must be a whole number 0-65535, got ${JSON.stringify(raw)}`);
  process.exit(2);
}
try {
  const docs = await startDocs({ port });
  console.log(`Sandbox payments API: ${docs.sandboxUrl}`);
  console.log(`Card frame: ${docs.frameOrigin}`);
  console.log(`Documentation: ${docs.url}/ (playground: ${docs.url}/playground.html)`);
  const stop = () => docs.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const busy = error && error.code === 'EADDRINUSE';
  console.error(busy ? `docs: port ${port} is in use; try --port 0 or PORT=<free port>` : `docs: ${error.message}`);
  process.exit(1);
}
