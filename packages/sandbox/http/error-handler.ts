// Every failure answered once, as the part-7 body: refusals thrown by hooks
// and handlers (ApiError), schema failures (each field with its path and
// location), Fastify's own body errors, and anything unexpected (500, logged
// by name and code only: a message could carry card data).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errorBody, type FieldLocation } from '../base/errors.js';
import type { ErrorBody } from '../schemas/common.js';
import { toFieldErrors } from './validation.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

/** The request's path without its query: never parsed as a URL, so `//x:99999` is just text. */
export const pathOf = (request: FastifyRequest) => (request.url ?? '/').split('?')[0]!;

/** Fastify's body errors, said as the merchant needs them (all 400: part 7 lists 400 for bad payloads). */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body is not valid JSON',
};

export function logFailure(error: unknown): void {
  const name = error && typeof error === 'object' ? String((error as Error).name ?? 'Error') : typeof error;
  const code = error && typeof error === 'object' && 'code' in error ? ` ${String((error as { code: unknown }).code)}` : '';
  process.stderr.write(`[sandbox] unexpected failure: ${name}${code}\n`);
}

/** Fastify's validation context as part 7's location: a path parameter is not a body member. */
const VALIDATION_LOCATIONS: Record<string, FieldLocation> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function answer(error: FastifyError | ApiError, request: FastifyRequest): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  const path = pathOf(request);
  if (error instanceof ApiError) return { status: error.status, body: errorBody(error.code, path, error.messages), headers: error.headers };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const location = VALIDATION_LOCATIONS[fastifyError.validationContext ?? 'body'] ?? 'body';
    return { status: 400, body: errorBody('SchemaValidationException', path, toFieldErrors(fastifyError.validation as never, location)) };
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 400, body: errorBody('SchemaValidationException', path, [{ msg: `body larger than ${request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES} bytes` }]) };
  const known = BODY_ERRORS[fastifyError.code] ?? (fastifyError.name === 'SyntaxError' ? BODY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
  if (known) return { status: 400, body: errorBody('SchemaValidationException', path, [{ msg: known }]) };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { status: 400, body: errorBody('SchemaValidationException', path, [{ msg: 'the request could not be read' }]) };
  logFailure(error);
  return { status: 500, body: errorBody('unknown_server_error', path, [{ msg: 'unexpected sandbox error' }]) };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, headers } = answer(error, request);
    reply.code(status).headers(headers ?? {}).header('cache-control', 'no-store').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).header('cache-control', 'no-store')
      .send(errorBody('not_found', pathOf(request), [{ msg: `no sandbox route ${request.method} ${pathOf(request)}` }]));
  });
}
