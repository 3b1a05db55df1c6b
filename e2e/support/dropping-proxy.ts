// A loopback proxy between a shop's server and the sandbox that can lose one answer: the request
// reaches the sandbox, which answers, and the connection to the shop is then cut before any byte
// of that answer (the network dropping after the service acted). Everything else passes through,
// with the sandbox's own Host, so the addresses the sandbox writes (a challenge's url) are its own.
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** The next `method path` request's answer is lost; resolves once it was. */
  dropNextAnswer(method: string, path: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDroppingProxy(target: string): Promise<DroppingProxy> {
  const upstream = new URL(target);
  let drop: { method: string; path: string; dropped: () => void } | undefined;
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const lose = drop && incoming.method === drop.method && incoming.url?.split('?')[0] === drop.path ? drop : undefined;
    if (lose) drop = undefined;
    const sent = forward({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: upstream.host } }, (answer) => {
      if (lose) {
        answer.resume();
        answer.once('end', () => { incoming.socket.destroy(); lose.dropped(); });
        return;
      }
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    sent.on('error', () => outgoing.destroy());
    incoming.pipe(sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropNextAnswer: (method, path) => new Promise((dropped) => { drop = { method, path, dropped }; }),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
