// The error body of API reference part 7, for every refusal the sandbox makes.
// Codes are the reference's four, the decryptor's (svc-card/server: its token codes,
// and its two of a service that cannot answer), not_found (part 7 leaves "not found"
// unshown: a 404 with code not_found), and conflict (409: a move its resource's state
// table does not allow, domain/states/machine.ts). The body's schema (schemas/common.ts),
// and so the API description and @svc-card/client's types, list them from here.
import { TOKEN_ERROR_CODES, type SvcCardErrorCode } from 'svc-card/server';

export type { TokenErrorCode } from 'svc-card/server';

/** What the decryptor refuses with when the service, not the token, failed: a 503. */
const SERVICE_DOWN_CODES = ['REPLAY_STORE_UNAVAILABLE', 'DECRYPTOR_UNAVAILABLE'] as const satisfies readonly SvcCardErrorCode[];

/** Every code of a refusal the sandbox answers. */
export const API_ERROR_CODES = [
  'SchemaValidationException', 'unauthorized', 'forbidden', 'not_found', 'unknown_server_error',
  'request_timeout', 'headers_too_large', ...SERVICE_DOWN_CODES, ...TOKEN_ERROR_CODES,
  'idempotency_key_reused', 'idempotency_key_in_use', 'conflict',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Where the field was: the JSON body, the query string, a header, or the URL's path (a path parameter). */
export const FIELD_LOCATIONS = ['body', 'query', 'headers', 'path'] as const;
export type FieldLocation = (typeof FIELD_LOCATIONS)[number];
export interface FieldError { type: 'field'; msg: string; path: string; location: FieldLocation }
export type ErrorMessage = FieldError | { msg: string };

export interface ErrorBody {
  error_messages: ErrorMessage[];
  code: ApiErrorCode;
  path: string;
  metadata: Record<string, unknown>;
}

/** A refusal a handler or hook throws; the error handler (error-handler.ts) answers it. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: ApiErrorCode, readonly messages: ErrorMessage[]) {
    super(messages.map((m) => m.msg).join('; '));
    this.name = 'ApiError';
  }
}

/** A field-level item: never the value itself, which may be card data. */
export const fieldError = (path: string, msg: string, location: FieldLocation = 'body'): FieldError =>
  ({ type: 'field', msg, path, location });

export const invalid = (...errors: FieldError[]) => new ApiError(400, 'SchemaValidationException', errors);
export const unauthorized = (msg: string) => new ApiError(401, 'unauthorized', [{ msg }]);
export const forbidden = (msg: string) => new ApiError(403, 'forbidden', [{ msg }]);
export const notFound = (msg: string) => new ApiError(404, 'not_found', [{ msg }]);

export const errorBody = (code: ApiErrorCode, path: string, messages: ErrorMessage[]): ErrorBody =>
  ({ error_messages: messages, code, path, metadata: {} });
