// Headers on every answer the app sends (issue 29 item 7): no browser sniffs
// a JSON answer into a page, and no cache keeps one (card data, balances).
// An answer that set its own Cache-Control keeps it (Swagger UI's assets under
// /docs revalidate; an idempotent replay repeats the first answer's).
import type { FastifyInstance } from 'fastify';

export function installAnswerHeaders(app: FastifyInstance): void {
  // A callback hook: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
