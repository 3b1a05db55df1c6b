// A merchant's switch over ApiError.code: every code the sandbox answers is a
// KnownErrorCode of the client (so its editor offers it and a typo is visible).
import { ApiError, type KnownErrorCode } from '../../../packages/client/src/index.js';
import type { ApiErrorCode } from '../../../packages/sandbox/http/errors.js';

type NotInClient = Exclude<ApiErrorCode, KnownErrorCode>;
export const everyCodeKnown: [NotInClient] extends [never] ? true : NotInClient = true;

export function retryLater(error: unknown): boolean {
  // A move the state table does not allow (POST /sandbox/v1/subscriptions/hold, ...).
  return error instanceof ApiError && (error.code === 'conflict' || error.code === 'idempotency_key_in_use');
}
