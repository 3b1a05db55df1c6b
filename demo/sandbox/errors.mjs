// The error body of API reference part 7: {error_messages, code, path, metadata}.
import { sendJson } from './http.mjs';

/** A field-level item of `error_messages` (part 7): never echoes the value, which may be card data. */
export const fieldError = (path, msg) => ({ type: 'field', msg, path, location: 'body' });

export const errorBody = (code, path, messages, metadata = {}) => ({ error_messages: messages, code, path, metadata });

export function sendError(response, status, code, path, messages, metadata = {}) {
  sendJson(response, status, errorBody(code, path, messages, metadata));
}

export const schemaError = (response, path, fieldErrors) =>
  sendError(response, 400, 'SchemaValidationException', path, fieldErrors);

export const unauthorized = (response, path, msg) =>
  sendError(response, 401, 'unauthorized', path, [{ msg }]);

export const forbidden = (response, path, msg) => sendError(response, 403, 'forbidden', path, [{ msg }]);

export const serverError = (response, path) =>
  sendError(response, 500, 'unknown_server_error', path, [{ msg: 'unexpected sandbox error' }]);
