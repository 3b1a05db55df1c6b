// Raw HTTP/1.1 over node:net, for requests an HTTP client would refuse to send
// (bad request lines, paths, headers, framing). One connection per request; the
// answer is the first final (non-1xx) status line and headers the server sends.
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const HEAD_END = '\r\n\r\n';

/** The first final response head in `text`, or null while incomplete. */
function finalHead(text) {
  let start = 0;
  for (;;) {
    const end = text.indexOf(HEAD_END, start);
    if (end < 0) return null;
    const head = text.slice(start, end);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    if (!(status >= 100 && status < 200)) return { status: Number.isNaN(status) ? null : status, head };
    start = end + HEAD_END.length; // 100 Continue and other interim answers
  }
}

/**
 * Sends `parts` (strings or Buffers) in order, `delayMs` apart, then half-closes unless
 * `end` is false; stops sending once an answer came. Resolves `{status, head}` for the
 * answer, or `{status: null, reason}` when the connection closed or `timeoutMs` passed
 * without one.
 */
export function rawRequest(port, parts, { delayMs = 0, end = true, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ status: null, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const head = finalHead(received);
      if (head) finish(head);
    });
    socket.on('error', () => {}); // EPIPE/ECONNRESET while sending: what was received still counts
    socket.on('close', () => finish(finalHead(received) ?? { status: null, reason: 'closed without an answer' }));
    socket.once('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (settled || socket.destroyed) return;
        if (index > 0 && delayMs) await sleep(delayMs);
        if (!socket.write(part)) await new Promise((drained) => { socket.once('drain', drained); socket.once('close', drained); });
      }
      if (end && !settled && !socket.destroyed) socket.end();
    });
  });
}

/** A request as bytes: request line, headers (in order, as given), blank line, body. */
export const rawMessage = ({ method = 'GET', target = '/', version = 'HTTP/1.1', headers = [], body = '' }) =>
  Buffer.concat([
    Buffer.from(`${method} ${target}${version ? ` ${version}` : ''}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`, 'latin1'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  ]);
