// The error body of API reference part 7, for every refusal the sandbox makes.
// Codes are the reference's four, the decryptor's token codes, and not_found
// (part 7 leaves "not found" unshown: a 404 with code not_found), and conflict
// (409: a move its resource's state table does not allow, domain/states/machine.ts).

export type TokenErrorCode =
  | 'TOKEN_MALFORMED' | 'TOKEN_UNKNOWN_KEY' | 'TOKEN_UNDECRYPTABLE' | 'TOKEN_INVALID_PAYLOAD'
  | 'TOKEN_NOT_YET_VALID' | 'TOKEN_EXPIRED' | 'TOKEN_REUSED';
export type ApiErrorCode =
  | 'SchemaValidationException' | 'unauthorized' | 'forbidden' | 'not_found' | 'unknown_server_error'
  | 'request_timeout' | 'headers_too_large' | 'REPLAY_STORE_UNAVAILABLE' | 'DECRYPTOR_UNAVAILABLE' | TokenErrorCode
  | 'idempotency_key_reused' | 'idempotency_key_in_use' | 'conflict';

/** Where the field was: the JSON body, the query string, a header, or the URL's path (a path parameter). */
export type FieldLocation = 'body' | 'query' | 'headers' | 'path';
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
