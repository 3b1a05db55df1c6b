// The shape of a resource's routes: a Fastify plugin given the sandbox context,
// typed by its TypeBox schemas.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SandboxContext } from '../context.js';

export type ResourceRoutes = FastifyPluginAsyncTypebox<{ ctx: SandboxContext }>;

/** The app a resource's routes are given (for the route factories: list-and-export.ts, locked-action.ts). */
export type RoutesApp = Parameters<ResourceRoutes>[0];

/** Both credential headers of part 5, as the description lists them. */
export const SECURITY: Array<Record<string, string[]>> = [{ apiKey: [] }, { token: [] }];
