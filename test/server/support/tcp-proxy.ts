// A loopback TCP proxy in front of Redis that can lose one reply: the next bytes from the
// server are dropped and the client's connection is cut, as when a network or a Redis
// process dies after running a command but before its answer arrives.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '../../../test-support/free-port.mjs';

export interface LossyProxy {
  port: number;
  /** The next reply from Redis is never delivered; the client's connection is closed instead. */
  loseNextReply(): void;
  close(): Promise<void>;
}

export async function lossyProxy(targetPort: number): Promise<LossyProxy> {
  let lose = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (lose) {
        lose = false;
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    loseNextReply: () => void (lose = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
