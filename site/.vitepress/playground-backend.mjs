// The playground's backend on the docs dev server (`npm run docs`, site/scripts/serve.mjs):
// what the page needs from the sandbox started beside it. Without SVC_DOCS_PLAYGROUND (a
// static build) it adds nothing and the playground says how to start it.
//   GET  /playground-api/config           the sandbox key, the card frame's URL, script and SRI
//   GET  /playground-api/svc-card-form.js the inline element (dist/svc-card-form.js)
//   POST /playground-api/pay              {token, installments?} -> POST /v1/transaction on the sandbox;
//                                         answers only the status, the transaction's status and codes
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const PAY_CENTS = 4990;

async function readJson(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('body over 64 KiB');
  }
  return JSON.parse(body);
}

function send(response, status, type, body) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

/** POST /v1/transaction with the playground's token (the demo store pays orders by charge instead: demo/merchant/order-payment.mjs). */
async function createTransaction({ sandboxUrl, apiKey, companyId }, token, { cents, installments }) {
  const response = await fetch(`${sandboxUrl}/v1/transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey },
    body: JSON.stringify({ companyId, amount: cents, installments, capture: true, token }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

export function playgroundBackend() {
  return {
    name: 'svc-card-playground-backend',
    configureServer(server) {
      const raw = process.env.SVC_DOCS_PLAYGROUND;
      if (!raw) return;
      const backend = JSON.parse(raw);
      server.middlewares.use(async (request, response, next) => {
        const path = request.url?.split('?')[0];
        try {
          if (request.method === 'GET' && path === '/playground-api/config') {
            const { publicKey, keyId, frame, sandboxUrl } = backend;
            return send(response, 200, 'application/json', JSON.stringify({ publicKey, keyId, frame, sandboxUrl }));
          }
          if (request.method === 'GET' && path === '/playground-api/svc-card-form.js') {
            return send(response, 200, 'text/javascript', readFileSync(resolve(ROOT, 'dist/svc-card-form.js')));
          }
          if (request.method === 'POST' && path === '/playground-api/pay') {
            const { token, installments } = await readJson(request);
            const answer = await createTransaction(backend.merchant, token, { cents: PAY_CENTS, installments: Number(installments) || 1 });
            // Never the card's data: the status, the transaction's status, the error codes.
            const body = answer.body ?? {};
            return send(response, 200, 'application/json', JSON.stringify({
              http: answer.status,
              amount: PAY_CENTS,
              status: body.status,
              code: body.code,
              fields: Array.isArray(body.errors) ? body.errors.map((e) => e?.field ?? e?.path).filter(Boolean) : undefined,
            }));
          }
        } catch (error) {
          return send(response, 400, 'application/json', JSON.stringify({ error: String(error?.message ?? error) }));
        }
        next();
      });
    },
  };
}
