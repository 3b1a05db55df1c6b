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

/** The media type without parameters, lower-cased: `application/json; charset=utf-8` -> `application/json`. */
const mediaType = (header) => (typeof header === 'string' ? header.split(';')[0].trim().toLowerCase() : '');

/** The body's bytes, at most `limit`; rejects with BodyError when larger or cut off. */
export async function readRaw(request, limit = MAX_BODY_BYTES) {
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += chunk.length;
      if (size > limit) throw new BodyError(`body larger than ${limit} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError('the body was cut off'); // the client closed or timed out mid-body: its fault, not ours
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body; rejects with BodyError on a wrong content type, oversize, a cut-off body or bad JSON. */
export async function readJson(request) {
  // Exactly application/json (parameters allowed): not application/json-seq or +json types.
  if (mediaType(request.headers['content-type']) !== 'application/json') throw new BodyError('Content-Type must be application/json');
  const body = await readRaw(request);
  try {
    return JSON.parse(body.toString('utf8'));
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
