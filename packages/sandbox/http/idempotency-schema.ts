// Where Idempotency-Key applies, and how the description says so: on each
// POST and PUT that takes a credential or the captcha, the header as a
// parameter, 409 and 422 among the answers, and Idempotent-Replayed on the
// answers a replay can repeat (2xx, and the route's own 400 and 404).
import type { RouteOptions } from 'fastify';
import type { RouteAuth } from '../auth/guard.js';
import { ErrorBody } from '../schemas/common.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_KEY_LENGTH = 255;

/** Writes answered to someone: a credential's or the captcha's (public routes have no one to keep keys for). */
export const takesKey = (method: string, auth: RouteAuth | undefined) =>
  (method === 'POST' || method === 'PUT') && auth !== undefined && auth !== 'public';

const KeyHeader = {
  type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH,
  description: 'Optional. The same key with the same request answers the first answer again for 24 hours (see Idempotency in the description); another request under the key is 422.',
};
const ReplayedHeader = { type: 'string', enum: ['true'], description: 'Present on an answer repeated for an Idempotency-Key seen before.' };
const replayable = (status: string) => /^2\d\d$/.test(status) || status === '400' || status === '404';

/** An onRoute hook: adds the header, the refusals and the replay mark to the route's own schema (what validates is what is described). */
export function describeIdempotency(route: RouteOptions): void {
  const methods = [route.method].flat();
  if (!route.schema || !methods.some((method) => takesKey(method, route.config?.auth))) return;
  const schema = route.schema as { headers?: { properties?: Record<string, unknown> }; response?: Record<string, object> };
  const response: Record<string, object> = {};
  for (const [status, answer] of Object.entries({ ...schema.response, 409: ErrorBody, 422: ErrorBody }))
    response[status] = replayable(status) ? { ...answer, headers: { [REPLAYED_HEADER]: ReplayedHeader } } : answer;
  route.schema = {
    ...route.schema,
    headers: { type: 'object', ...schema.headers, properties: { ...schema.headers?.properties, [IDEMPOTENCY_HEADER]: KeyHeader } },
    response,
  };
}
