// A free TCP port on 127.0.0.1, for services tests start (Redis, WebKitWebDriver).
import { createServer } from 'node:net';

/** Asks the OS for a free loopback port by listening on port 0, then frees it. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
