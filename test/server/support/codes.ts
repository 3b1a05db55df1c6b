import { TokenError, type TokenErrorCode } from '../../../src/server/index.js';

export const TABLE_CODES: readonly TokenErrorCode[] = [
  'TOKEN_MALFORMED',
  'TOKEN_UNKNOWN_KEY',
  'TOKEN_UNDECRYPTABLE',
  'TOKEN_INVALID_PAYLOAD',
  'TOKEN_NOT_YET_VALID',
  'TOKEN_EXPIRED',
  'TOKEN_REUSED',
];

/** The code a rejected promise carries; fails the test when it resolves or throws something else. */
export async function codeOf(promise: Promise<unknown>): Promise<TokenErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.code;
    throw error;
  }
  throw new Error('expected a TokenError, but it resolved');
}
