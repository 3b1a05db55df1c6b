// Child side of demo-process.mjs: starts the demo, reports its addresses, answers
// memory questions; SIGTERM closes both servers.
import { startDemo } from '../demo/start-demo.mjs';

const demo = await startDemo({ port: 0, keysDir: process.env.SVC_DEMO_KEYS_DIR });
process.on('message', (question) => {
  if (question !== 'memory') return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send({ rss, heapUsed });
});
process.once('SIGTERM', () => demo.close().then(() => process.exit(0)));
process.send({ url: demo.url, sandboxUrl: demo.sandboxUrl, publicKeyPem: demo.keys.publicKeyPem, keyId: demo.keys.keyId });
