// Raw HTTP over a socket, for requests fetch() would refuse or rewrite
// (`GET //x:99999`, a body that never ends).
import { connect } from 'node:net';

export interface RawAnswer { status: number | undefined; text: string; closed: boolean }

/** Sends `request` as written; resolves what came back when the server closes or `waitMs` passes. */
export function rawRequest(url: string, request: string, waitMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : undefined, text, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => { text += chunk.toString('latin1'); });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(request);
  });
}
