// Small JSON-over-HTTP helpers of the merchant server.
// Bodies are capped so a runaway client cannot exhaust memory. Every body
// problem is a 400: the reference (part 7) lists only 400/401/403/500.
const MAX_BODY_BYTES = 64 * 1024;

export class BodyError extends Error {
  constructor(message) {
    super(message);
    this.status = 400;
  }
}

/** Reads a JSON body; rejects with BodyError on a wrong content type, oversize or bad JSON. */
export async function readJson(request) {
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw new BodyError('Content-Type must be application/json');
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(`body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BodyError('body is not valid JSON');
  }
}

export function sendJson(response, status, body, headers = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}
