// The card frame of frame mode (issue 9) on the sandbox: the files, headers and JWKS that
// `createCardFrameHost` (svc-card/server) prepares, mounted as an extension
// (extensions.ts). Public routes, left out of the API description: they are not the
// payments API.
import type { FastifyPluginAsync } from 'fastify';
import type { CardFrameHost } from '../src/server/card-frame-host.js';

/** One GET route (HEAD included) per hosted path, answered by the host itself. */
export const cardFrameRoutes = (host: Pick<CardFrameHost, 'files' | 'handle'>): FastifyPluginAsync => async (app) => {
  for (const url of host.files.keys()) {
    app.get(url, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      host.handle(request.raw, reply.raw);
    });
  }
};
