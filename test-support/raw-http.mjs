// Raw HTTP/1.1 over node:net, for requests an HTTP client would refuse to send
// (bad request lines, paths, headers, framing). One connection per request; the
// answer is the first final (non-1xx) status line and headers the server sends,
// and with `readBody` its body as framed (Content-Length, chunked, or until close).
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const HEAD_END = '\r\n\r\n';

/** The first final response head in `text` and where its body starts, or null while incomplete. */
function finalHead(text) {
  let start = 0;
  for (;;) {
    const end = text.indexOf(HEAD_END, start);
    if (end < 0) return null;
    const head = text.slice(start, end);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    if (!(status >= 100 && status < 200)) return { status: Number.isNaN(status) ? null : status, head, bodyStart: end + HEAD_END.length };
    start = end + HEAD_END.length; // 100 Continue and other interim answers
  }
}

/** A chunked body decoded, or null while its last chunk has not come. */
function dechunk(text) {
  let body = '';
  for (let at = 0; ;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (size === 0) return body;
    if (!(size > 0) || text.length < lineEnd + 2 + size + 2) return null;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 4 + size;
  }
}

/** The answer's body (as text) once it is complete by its framing, or null while it is not. */
function framedBody({ status, head, bodyStart }, received, { headRequest, closed }) {
  if (headRequest || (status >= 100 && status < 200) || status === 204 || status === 304) return '';
  const rest = received.slice(bodyStart);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  const body = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head) ? dechunk(rest)
    : length !== undefined ? (rest.length >= Number(length) ? rest.slice(0, Number(length)) : null)
      : closed ? rest : null;
  return body === null ? null : Buffer.from(body, 'latin1').toString('utf8');
}

/**
 * Sends `parts` (strings or Buffers) in order, `delayMs` apart, then half-closes unless
 * `end` is false; stops sending once an answer came. Resolves `{status, head}` for the
 * answer (with `body` when `readBody`: complete, or `reason` says why not), or
 * `{status: null, reason}` when the connection closed or `timeoutMs` passed without one.
 */
export function rawRequest(port, parts, { delayMs = 0, end = true, timeoutMs = 30_000, readBody = false } = {}) {
  // An answer to HEAD has no body, whatever its Content-Length says (RFC 9110 9.3.2).
  const headRequest = /^HEAD /.test(Buffer.from(parts[0] ?? '').toString('latin1'));
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
    /** The answer once complete (its head, and its body when asked for); `closed`: nothing more will come. */
    const answer = (closed) => {
      const head = finalHead(received);
      if (!head || !readBody) return head && { status: head.status, head: head.head };
      const body = framedBody(head, received, { headRequest, closed });
      if (body !== null) return { status: head.status, head: head.head, body };
      return closed ? { status: head.status, head: head.head, body: received.slice(head.bodyStart), reason: 'body cut off' } : null;
    };
    const timer = setTimeout(() => {
      const head = finalHead(received);
      finish(head ? { status: head.status, head: head.head, body: received.slice(head.bodyStart), reason: `body incomplete after ${timeoutMs} ms` } : { status: null, reason: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const done = answer(false);
      if (done) finish(done);
    });
    socket.on('error', () => {}); // EPIPE/ECONNRESET while sending: what was received still counts
    socket.on('close', () => finish(answer(true) ?? { status: null, reason: 'closed without an answer' }));
    socket.once('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (settled || socket.destroyed || (received && finalHead(received))) return;
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
