// The sandbox as a Fastify application: validation (validation.ts), the guard
// (auth/guard.ts), Idempotency-Key (idempotency.ts), errors answered once
// (error-handler.ts), the description (openapi.ts), one plugin per resource
// (routes/), then extensions.
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerFactory } from 'fastify';
import { watchChanges } from './db/change-stamp.js';
import { installGuard } from './auth/guard.js';
import { loadJwtKey } from './auth/jwt.js';
import type { SandboxContext } from './context.js';
import { installAnswerHeaders } from './http/answer-headers.js';
import { assertBodyDepth } from './http/body-depth.js';
import { BODY_LIMIT_BYTES, installErrorHandling } from './http/error-handler.js';
import { ApiError } from './base/errors.js';
import { installIdempotency, type IdempotencyOptions } from './http/idempotency.js';
import { installAnswerDrops } from './http/answer-drops.js';
import { installOpenApi } from './http/openapi.js';
import { clientErrorHandler, frameworkErrors, installRequestChecks } from './http/unrouted.js';
import { createAjv } from './http/validation.js';
import { installTextRule } from './http/text-rule.js';
import { alertRoutes } from './routes/alerts.js';
import { chargeRoutes } from './routes/charges.js';
import { pixRoutes } from './routes/pix.js';
import { mandateRoutes } from './routes/mandates.js';
import { clientRoutes } from './routes/clients.js';
import { clockRoutes } from './routes/clock.js';
import { companySettingsRoutes } from './routes/company-settings.js';
import { eventRoutes } from './routes/events.js';
import { transactionActionRoutes } from './routes/transaction-actions.js';
import { faultRoutes } from './routes/faults.js';
import { answerDropRoutes } from './routes/answer-drops.js';
import { redeliveryRoutes } from './routes/webhook-redelivery.js';
import { payableRoutes } from './routes/payables.js';
import { productRoutes } from './routes/products.js';
import { subscriptionBatchRoutes } from './routes/subscription-batches.js';
import { subscriptionManageRoutes } from './routes/subscription-manage.js';
import { subscriptionReadRoutes } from './routes/subscription-reads.js';
import { subscriptionForecastRoutes } from './routes/subscription-forecast.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { transactionMoveRoutes } from './routes/transaction-moves.js';
import { transactionRoutes } from './routes/transactions.js';
import { threeDSRoutes } from './routes/three-ds.js';
import { webhookRoutes } from './routes/webhooks.js';

export interface AppOptions {
  /** Extra routes (static files, JWKS, ...): Fastify plugins registered after the API, public unless their routes set config.auth. */
  extensions?: FastifyPluginAsync[];
  /** How the HTTP server is made (server.ts sets its timeouts); inject() tests need none. */
  serverFactory?: FastifyServerFactory;
  /** Idempotency-Key's clock and wait bound (tests move and shorten them). */
  idempotency?: IdempotencyOptions;
}

export type SandboxApp = FastifyInstance;

export async function buildApp(ctx: SandboxContext, options: AppOptions = {}): Promise<SandboxApp> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // What never reaches a route is refused in the part-7 body too.
    clientErrorHandler, frameworkErrors,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  // JSON only (4.1): Fastify's text/plain parser goes; any other type is refused before it is read.
  app.removeAllContentTypeParsers();
  // `__proto__` / `constructor.prototype` members are dropped (never a prototype), so a body
  // carrying one is judged on what is left and a refusal still names the member.
  // JSON is UTF-8 (RFC 8259): other bytes (a Latin-1 "ç") are refused, never read as U+FFFD and stored changed.
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try { text = utf8.decode(body as Buffer); } catch { return done(new ApiError(400, 'SchemaValidationException', [{ msg: 'body is not UTF-8: send JSON as UTF-8 text (RFC 8259)' }]), undefined); }
    // Nested deeper than the stated limit: 400 naming it, before anything walks the body (body-depth.ts).
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      try { assertBodyDepth(value); } catch (refusal) { return done(refusal as Error, undefined); }
      done(null, value);
    });
  });
  // A body announced over the limit is read to its end and dropped before the refusal goes out:
  // answering while the client still sends would reset the connection and lose the answer
  // (RFC 9112 9.6). The request timeout (server.ts) bounds how long that can take.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!(Number(request.headers['content-length']) > (request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES))) return done();
    let finished = false;
    const finish = () => { if (!finished) { finished = true; done(); } };
    request.raw.once('end', finish).once('error', finish).once('close', finish).resume();
  });
  const bodyAjv = createAjv(false);
  const queryAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));
  installErrorHandling(app);
  installAnswerHeaders(app);
  installRequestChecks(app);
  // Credentials and company settings cached per process, forgotten on a change (db/change-stamp.ts).
  await watchChanges(ctx.db);
  installGuard(app, ctx.db, await loadJwtKey(ctx.db));
  // First of the onRoute hooks: the description and the validators see the rule.
  installTextRule(app);
  // After the guard (its hooks run first: a refused request takes no key), before the routes (its onRoute describes them).
  await installIdempotency(app, ctx.db, options.idempotency);
  // After idempotency's onSend: a dropped answer is kept for its key first.
  const drops = installAnswerDrops(app);
  await installOpenApi(app);
  await app.register(transactionRoutes, { ctx });
  await app.register(transactionMoveRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(subscriptionManageRoutes, { ctx });
  await app.register(subscriptionReadRoutes, { ctx });
  await app.register(subscriptionBatchRoutes, { ctx });
  await app.register(chargeRoutes, { ctx });
  await app.register(pixRoutes, { ctx });
  await app.register(mandateRoutes, { ctx });
  await app.register(clientRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(clockRoutes, { ctx });
  await app.register(subscriptionForecastRoutes, { ctx });
  await app.register(alertRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
  await app.register(companySettingsRoutes, { ctx });
  await app.register(faultRoutes, { ctx });
  await app.register(answerDropRoutes, { ctx, drops });
  await app.register(redeliveryRoutes, { ctx });
  await app.register(payableRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(transactionActionRoutes, { ctx });
  await app.register(threeDSRoutes, { ctx });
  // The mount point for extra routes (see extensions.ts): each in its own encapsulated scope.
  for (const extension of options.extensions ?? []) await app.register(extension);
  await app.ready();
  return app;
}
