// Where routes that are not the payments API mount (static files, a JWKS,
// their headers; the demo's card frame has a server of its own). Each entry is a Fastify plugin, registered after the
// API in its own scope (hooks and headers it adds stay inside it); its routes
// are public unless they set `config: { auth: '<resource>.read' }`. The demo
// and `npm run sandbox` start with these; startSandbox({extensions}) adds more.
import type { FastifyPluginAsync } from 'fastify';

export const SANDBOX_EXTENSIONS: FastifyPluginAsync[] = [];
