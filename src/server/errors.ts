// Coded errors of the service side (TOKEN-FORMAT.md "Acceptance on the service side"), all
// SvcCardErrors. Messages name the member and what was expected; they never echo card data.
import { SvcCardError, type TokenErrorCode } from '../internal/errors.js';

export type { TokenErrorCode } from '../internal/errors.js';

/**
 * The token was refused. `code` says why; answer the buyer "encrypt the card again".
 *
 * @example
 * try { await decryptor.decrypt(body.token); }
 * catch (error) { if (error instanceof TokenError) reply(400, { code: error.code }); else throw error; }
 */
export class TokenError extends SvcCardError<TokenErrorCode> {
  constructor(code: TokenErrorCode, message: string) {
    super('TokenError', code, message);
  }
}

/** A TOKEN_MALFORMED error: `what` names the member (e.g. `token.iv`, `jwe.tag`), `expected` what it must be. */
export const malformed = (what: string, expected: string): TokenError =>
  new TokenError('TOKEN_MALFORMED', `${what}: expected ${expected}`);

/** Every cryptographic failure gives this one error, whatever failed (no oracle, RFC 7516 section 11.5). */
export const undecryptable = (): TokenError =>
  new TokenError('TOKEN_UNDECRYPTABLE', 'token: cannot be decrypted with the private key of its keyId');

/**
 * The replay store could not record the token id (Redis down, time-out, full memory store).
 * The token was NOT accepted (fail closed): retry later; it is not the buyer's fault.
 *
 * @example
 * catch (error) { if (error instanceof ReplayStoreError) reply(503, { code: error.code }); }
 */
export class ReplayStoreError extends SvcCardError<'REPLAY_STORE_UNAVAILABLE'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('ReplayStoreError', 'REPLAY_STORE_UNAVAILABLE', message, options);
  }
}

/**
 * The decryptor could not run the RSA step: the worker thread doing it stopped (crashed or was
 * terminated) while this token waited on it. The token was NOT accepted and is still unused:
 * answer 503 and let the buyer retry; a new worker takes the next token.
 *
 * @example
 * catch (error) { if (error instanceof DecryptorUnavailableError) reply(503, { code: error.code }); }
 */
export class DecryptorUnavailableError extends SvcCardError<'DECRYPTOR_UNAVAILABLE'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('DecryptorUnavailableError', 'DECRYPTOR_UNAVAILABLE', message, options);
  }
}

/**
 * A bad option given to any factory of `svc-card/server` (`createDecryptor`, the replay stores,
 * `generateKeyPair`, `publicJwks`, `createCardFrameHost`); `option` names it.
 *
 * @example
 * await createDecryptor({ keys: {} }); // rejects: option "keys": expected at least one keyId ...
 */
export class InvalidOptionError extends SvcCardError<'INVALID_OPTION'> {
  readonly option: string;
  constructor(option: string, expected: string) {
    super('InvalidOptionError', 'INVALID_OPTION', `option "${option}": ${expected}`);
    this.option = option;
  }
}

/**
 * @deprecated Renamed {@link InvalidOptionError} (it is thrown by every factory, not only
 * `createDecryptor`); the same class, kept for 0.1 code.
 */
export const DecryptorOptionsError = InvalidOptionError;
/** @deprecated Renamed {@link InvalidOptionError}. */
export type DecryptorOptionsError = InvalidOptionError;
