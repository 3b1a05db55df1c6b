// Refusals made before a request reaches a route, in the part-7 body like every
// other (Node's and Fastify's defaults answer them in bodies of their own, or
// none): what Node's HTTP parser cannot read (400), headers over its 16 KiB
// (431), a request slower than the server's timeout (408), a path that is not
// valid percent-encoding (400), an HTTP/1.1 request without Host (400), CONNECT,
// PRI (400, written at once: Node closes its connection).
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, fieldError, invalid, type ApiErrorCode } from '../base/errors.js';
import { pathOf } from './error-handler.js';
import { refuseLater } from '../base/refuse-later.js';

/** A whole answer as bytes, for a socket no response object owns; the connection is closed after it. */
export function rawRefusal(status: number, code: ApiErrorCode, path: string, msg: string): string {
  const body = JSON.stringify(errorBody(code, path, [{ msg }]));
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
    + `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`;
}

const CLIENT_ERRORS: Record<string, [number, ApiErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'the request (headers and body) did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'the request headers are larger than 16 KiB'],
};

/** Connections whose answer went out before the request's body had all arrived (a refusal need not read it). */
const answeredEarly = new WeakSet<Socket>();

/** Fastify's clientErrorHandler: Node could not read the request, or it came too slowly. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, msg] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'SchemaValidationException', `the request could not be read as HTTP/1.1 (${error.code ?? 'parse error'})`];
  // Never a second answer to one request: not over one begun (as Node's own handler), nor after
  // one sent before the body arrived, when the rest of the body then times out.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean; req?: { url?: string } } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent && !answeredEarly.has(socket)) socket.write(rawRefusal(status, code, (inFlight?.req?.url ?? '').split('?')[0]!, msg));
  socket.destroy(error);
}

/**
 * Node closes a PRI request's connection as soon as its 'request' event returns
 * (PRI is HTTP/2's preface method, RFC 9113 3.4), before any async route could
 * answer: the refusal is written there, at once.
 */
export function refusePriAtOnce(server: Server): void {
  server.prependListener('request', (request: IncomingMessage) => {
    if (request.method !== 'PRI' || !request.socket.writable) return;
    request.socket.end(rawRefusal(400, 'SchemaValidationException', (request.url ?? '').split('?')[0]!, 'the PRI method opens HTTP/2, which this server does not speak: send HTTP/1.1'));
  });
}

/** Fastify's frameworkErrors: the router could not read the path. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const msg = error.code === 'FST_ERR_BAD_URL' ? 'the path is not valid percent-encoded UTF-8'
    : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is longer than 100 characters' : undefined;
  const [status, code] = msg ? [400, 'SchemaValidationException' as const] : [500, 'unknown_server_error' as const];
  reply.code(status).header('cache-control', 'no-store').send(errorBody(code, pathOf(request), [{ msg: msg ?? 'unexpected sandbox error' }]));
}

/**
 * The server leaves these to the app (server.ts: requireHostHeader false, every
 * Expect passed on): an HTTP/1.1 request without Host is refused in the part-7
 * body (RFC 9112 3.2); an expectation other than 100-continue is ignored (RFC
 * 9110 10.1.1 allows it), so the request is answered as if it had none. Marks
 * the connections answered before their body arrived (clientErrorHandler).
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The first query parameter whose %XX escapes are not UTF-8 (a lone "%" stays text, as the query parser reads it). */
export function nonUtf8Parameter(url: string): string | undefined {
  const query = url.indexOf('?') < 0 ? '' : url.slice(url.indexOf('?') + 1);
  const isUtf8 = (text: string) => {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) { bytes.push(parseInt(text.slice(i + 1, i + 3), 16)); i += 2; }
      else bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
    try { strictUtf8.decode(Uint8Array.from(bytes)); return true; } catch { return false; }
  };
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    if (isUtf8(name) && isUtf8(value)) continue;
    if (!isUtf8(name)) return 'query';
    try { return decodeURIComponent(name.replace(/\+/g, ' ')); } catch { return name; }
  }
  return undefined;
}

export function installRequestChecks(app: FastifyInstance): void {
  // Callback hooks: they end in the same turn (no promise per request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      return refuseLater(done, new ApiError(400, 'SchemaValidationException', [{ msg: 'an HTTP/1.1 request needs a Host header' }]));
    // As a path must be (FST_ERR_BAD_URL), a query value is percent-encoded UTF-8: a Latin-1 %E7 would be read as the text "%E7".
    const parameter = request.url.includes('%') ? nonUtf8Parameter(request.url) : undefined;
    if (parameter !== undefined)
      return refuseLater(done, invalid(fieldError(parameter, `${parameter} is not percent-encoded UTF-8 (a Latin-1 byte such as %E7 for "ç" is %C3%A7 in UTF-8)`, 'query')));
    done();
  });
  app.addHook('onResponse', ({ raw }, _reply, done) => {
    if (!raw.complete && raw.socket) {
      const socket = raw.socket;
      answeredEarly.add(socket);
      raw.once('end', () => answeredEarly.delete(socket));
    }
    done();
  });
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
}
