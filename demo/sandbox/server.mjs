// The local sandbox of the payments API: the three endpoints that accept a
// token (API reference 4.9), guarded, validated and answered with part-7 bodies.
import { createServer } from 'node:http';
import { authenticate, authorize } from './auth.mjs';
import { fieldError, forbidden, schemaError, sendError, serverError, unauthorized } from './errors.mjs';
import { BodyError, readJson, sendJson } from './http.mjs';
import { createRecords } from './records.mjs';
import { chargePayRoute } from './routes/charge-pay.mjs';
import { subscriptionRoute } from './routes/subscription.mjs';
import { transactionRoute } from './routes/transaction.mjs';
import { isObject } from './schema.mjs';
import { logFailure } from './log.mjs';

const ROUTES = {
  'POST /v1/transaction': transactionRoute,
  'POST /v1/subscription': subscriptionRoute,
  'POST /v1/charge/pay': chargePayRoute,
};

/** The sandbox credential the demo merchant uses; `apiKey: <keyId>.<secret>`. */
export const SANDBOX_CREDENTIAL = {
  keyId: 'sbx_demo',
  secret: 'sandbox-secret-not-for-production',
  companies: ['company_demo'],
  permissions: ['transaction.write', 'subscription.write'],
};

async function serve(request, response, context) {
  const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
  const route = ROUTES[`${request.method} ${path}`];
  if (!route) return sendError(response, 404, 'not_found', path, [{ msg: `no sandbox route ${request.method} ${path}` }]);

  let credential;
  if (!route.captcha) {
    const auth = authenticate(request.headers, context.credentials);
    if (!auth.credential) return unauthorized(response, path, auth.msg);
    credential = auth.credential;
    const refused = authorize(credential, route.permission);
    if (refused) return forbidden(response, path, refused.msg);
  }

  let body;
  try {
    body = await readJson(request);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return schemaError(response, path, [{ msg: error.message }]);
  }
  if (!isObject(body)) return schemaError(response, path, [{ msg: 'the body must be a JSON object' }]);
  if (route.captcha && !route.captcha(body)) return unauthorized(response, path, 'captchaToken failed the captcha check');

  const errors = route.validate(body, context);
  if (errors.length) return schemaError(response, path, errors);
  if (credential) {
    const refused = authorize(credential, route.permission, body.companyId);
    if (refused) return forbidden(response, path, refused.msg);
  }

  const result = await route.handle(body, context);
  if (result.refusal) return sendError(response, result.refusal.status, result.refusal.code, path, [fieldError('token', result.refusal.msg)]);
  sendJson(response, result.status, result.json);
}

/**
 * Starts the sandbox on 127.0.0.1. `decryptor` is the project's (dist/server.js
 * createDecryptor); `port` 0 picks a free one; `frameHost` (createCardFrameHost) serves the card frame.
 * @returns {Promise<{url: string, records: ReturnType<typeof createRecords>, close(): Promise<void>}>}
 */
export async function startSandbox({ decryptor, port = 0, credentials = [SANDBOX_CREDENTIAL], frameHost }) {
  const context = { decryptor, credentials, records: createRecords() };
  const server = createServer((request, response) => {
    // The card frame's files, headers and JWKS (dist/server.js createCardFrameHost), issue 9.
    if (frameHost?.handle(request, response)) return;
    serve(request, response, context).catch((error) => {
      logFailure('sandbox', error);
      if (!response.headersSent) serverError(response, new URL(request.url ?? '/', 'http://sandbox').pathname);
      else response.destroy();
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    records: context.records,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
