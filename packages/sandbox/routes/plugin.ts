// The shape of a resource's routes: a Fastify plugin given the sandbox context,
// typed by its TypeBox schemas.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SandboxContext } from '../context.js';

export type ResourceRoutes = FastifyPluginAsyncTypebox<{ ctx: SandboxContext }>;

/** Both credential headers of part 5, as the description lists them. */
export const SECURITY: Array<Record<string, string[]>> = [{ apiKey: [] }, { token: [] }];
