// fast-check arbitraries of raw HTTP/1.1 requests, mostly malformed: request lines,
// targets, percent-encodings, headers, framing and bodies. Every request is complete
// or broken in a way the server can see at once (a wrong Content-Length is sent as
// such, never a short body), so each one must be answered without waiting for a timeout.
import fc from 'fast-check';
import { API_KEY, CAPTCHA, COMPANY, SEEDED_CHARGE } from './sandbox-api.js';

const ROUTES = ['/', '/?lang=en', '/api/pay', '/assets/checkout.js', '/assets/favicon.svg', '/v1/transaction', '/v1/subscription', '/v1/charge/pay', '/v1/nothing'];

/** The targets issue 14 names and their relatives: none names a page, so each must get a 4xx. */
export const BAD_TARGETS = [
  '//', '///', '//x:99999', '//@', '//@/', '//[::1/', '//x:0/a', '//%/', '//?lang=en', '//x:99999/api/pay', '/%E0%A4%A', '/%', '/%%', '/%ZZ', '/%00', '/%C0%AF', '/../../etc/passwd',
  '/.git/config', '/\\', '/\\\\x', '*', 'x:1', 'http://127.0.0.1/', 'https://[::1]:99999/', '?', '#',
];
/** Odd targets that may still name a page (`/..` is `/`): any answer below 500. */
const ODD_TARGETS = [...BAD_TARGETS, '', '/..', '/?lang=%FF', '/api/pay?%', '/assets/../assets/checkout.js'];

const percentGarbage = fc.oneof(
  fc.constantFrom('%', '%%', '%G0', '%E0%A4', '%E0%A4%A', '%FF%FE', '%C0%80', '%ED%A0%80', '%2e%2e', '%2F', '%5C', '%00', '%0D%0A'),
  fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 6 }).map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);

const segment = fc.oneof(fc.webSegment(), percentGarbage, fc.constantFrom('..', '.', '', 'api', 'pay', 'v1', 'transaction', 'assets'), fc.string({ maxLength: 12 }));

export const target = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TARGETS, ...ROUTES) },
  { weight: 4, arbitrary: fc.tuple(fc.array(segment, { maxLength: 6 }), fc.option(fc.string({ maxLength: 20 }))).map(([parts, query]) => `/${parts.join('/')}${query === null ? '' : `?${query}`}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((length) => `/${'a'.repeat(length)}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND', 'PRI') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z]{1,12}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const version = fc.oneof(
  { weight: 8, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 2, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'http/1.1', 'HTTP/11', 'HTTP/1.1 x', 'HTTP/', 'HTCPCP/1.0') },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json-seq', 'application/jsonx',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'APPLICATION/JSON', '', ';;;');

const headerName = fc.oneof(fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/), fc.string({ maxLength: 12 }));
const headerValue = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('\r\n', '\0', ' ', '\t x', 'x\ry'));

const extraHeader = fc.oneof(
  fc.tuple(headerName, headerValue),
  fc.tuple(fc.constant('Content-Type'), contentType),
  fc.tuple(fc.constantFrom('apiKey', 'token'), fc.constantFrom(API_KEY, 'sbx_demo.wrong', '.', '', 'x'.repeat(5_000))),
  fc.tuple(fc.constantFrom('Expect'), fc.constantFrom('100-continue', 'nonsense')),
  fc.tuple(fc.constantFrom('Connection'), fc.constantFrom('keep-alive', 'close', 'Upgrade', 'TE, close')),
  fc.tuple(fc.constantFrom('Upgrade'), fc.constantFrom('websocket', 'h2c', 'HTTP/2.0')),
  fc.tuple(fc.constant('X-Long'), fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n))),
);

/** Hostile JSON: members named like the conversion methods, deep nesting, odd numbers. */
const hostileJson = fc.oneof(
  fc.constantFrom('{"client":{"name":"x","doc":{"toString":1}}}', '{"__proto__":{"polluted":1}}', '{"toString":1,"valueOf":{}}',
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`, '{"amount":1e400}', '{"a":"\\ud800"}', '\u00ef\u00bb\u00bf{}', 'null', '[]', '"x"', '1'),
  fc.record({ companyId: fc.constantFrom(COMPANY, 'other'), amount: fc.jsonValue(), token: fc.jsonValue(), client: fc.jsonValue(), split: fc.jsonValue() }).map((v) => JSON.stringify(v)),
  fc.record({ _id: fc.constantFrom(SEEDED_CHARGE, 'x'), companyId: fc.constant(COMPANY), captchaToken: fc.constantFrom(CAPTCHA, 'no'), paymentMethod: fc.jsonValue(), token: fc.jsonValue() }).map((v) => JSON.stringify(v)),
  fc.record({ encryptedCard: fc.jsonValue(), lang: fc.jsonValue() }).map((v) => JSON.stringify(v)),
);

const body = fc.oneof(
  fc.constant(''),
  hostileJson,
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

/** How the body is framed: a correct length, none, chunked (well or badly), or a length that cannot be right. */
const framing = fc.constantFrom('length', 'length', 'length', 'none', 'chunked', 'bad-chunked', 'bad-length', 'double-length', 'length-and-chunked');

function frame(kind: string, text: string): { headers: Array<[string, string]>; payload: Buffer } {
  const bytes = Buffer.from(text, 'latin1');
  const length = String(bytes.length);
  switch (kind) {
    case 'none': return { headers: [], payload: Buffer.alloc(0) };
    case 'chunked': return { headers: [['Transfer-Encoding', 'chunked']], payload: Buffer.concat([Buffer.from(bytes.length ? `${bytes.length.toString(16)}\r\n` : ''), bytes, Buffer.from(bytes.length ? '\r\n0\r\n\r\n' : '0\r\n\r\n')]) };
    case 'bad-chunked': return { headers: [['Transfer-Encoding', 'chunked']], payload: Buffer.concat([Buffer.from('zz\r\n'), bytes]) };
    case 'bad-length': return { headers: [['Content-Length', `-${length}`]], payload: bytes };
    case 'double-length': return { headers: [['Content-Length', length], ['Content-Length', `${bytes.length + 1}`]], payload: bytes };
    case 'length-and-chunked': return { headers: [['Content-Length', length], ['Transfer-Encoding', 'chunked']], payload: bytes };
    default: return { headers: [['Content-Length', length]], payload: bytes };
  }
}

/** One raw request as bytes (the target as UTF-8, the rest as Latin-1, as a socket would carry them). */
export const malformedRequest = fc
  .record({ method, target, version, host: fc.boolean(), headers: fc.array(extraHeader, { maxLength: 6 }), framing, body })
  .map(({ method, target, version, host, headers, framing, body }) => {
    const { headers: framingHeaders, payload } = frame(framing, body);
    const all: Array<[string, string]> = [...(host ? [['Host', '127.0.0.1'] as [string, string]] : []), ...headers, ...framingHeaders];
    const head = all.map(([name, value]) => `${name}: ${value}\r\n`).join('');
    return Buffer.concat([
      Buffer.from(`${method} `, 'latin1'), Buffer.from(target, 'utf8'), Buffer.from(`${version ? ` ${version}` : ''}\r\n${head}\r\n`, 'latin1'), payload,
    ]);
  });
