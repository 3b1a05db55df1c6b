// A merchant's switch over ApiError.code: every code the sandbox answers is a
// KnownErrorCode of the client (so its editor offers it and a typo is visible).
import { ApiError, NetworkError, type FieldError, type KnownErrorCode } from '../../../packages/client/src/index.js';
import type { ApiErrorCode, FieldLocation } from '../../../packages/sandbox/base/errors.js';

type NotInClient = Exclude<ApiErrorCode, KnownErrorCode>;
export const everyCodeKnown: [NotInClient] extends [never] ? true : NotInClient = true;

export function retryLater(error: unknown): boolean {
  // A move the state table does not allow (POST /sandbox/v1/subscriptions/hold, ...).
  return error instanceof ApiError && (error.code === 'conflict' || error.code === 'idempotency_key_in_use');
}

/** Every way a call fails, handled: a refusal (ApiError), no answer (NetworkError, retried with its key), the caller's own abort. */
export async function payOnce(pay: (key?: string) => Promise<unknown>): Promise<unknown> {
  try {
    return await pay();
  } catch (error) {
    if (error instanceof NetworkError) return pay(error.idempotencyKey);
    if (error instanceof ApiError) return error.fieldErrors.map((f) => `${f.location} ${f.path}: ${f.msg}`);
    throw error;
  }
}

/** Where to show a refused field: a merchant's switch over every location, checked exhaustive by the compiler. */
export function placeOf(field: FieldError): string {
  switch (field.location) {
    case 'body': return `the form's ${field.path}`;
    case 'query': return `the search's ${field.path}`;
    case 'headers': return `the request's ${field.path} header`;
    case 'path': return `the address's ${field.path}`;
    default: {
      const unknown: never = field.location;
      return unknown;
    }
  }
}

type LocationNotInClient = Exclude<FieldLocation, FieldError['location']>;
export const everyLocationKnown: [LocationNotInClient] extends [never] ? true : LocationNotInClient = true;
