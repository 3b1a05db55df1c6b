// Coded errors of the service side (TOKEN-FORMAT.md "Acceptance on the service side").
// Messages name the member and what was expected; they never echo card data.

/** The acceptance table of TOKEN-FORMAT.md, in the order the checks run. */
export type TokenErrorCode =
  | 'TOKEN_MALFORMED'
  | 'TOKEN_UNKNOWN_KEY'
  | 'TOKEN_UNDECRYPTABLE'
  | 'TOKEN_INVALID_PAYLOAD'
  | 'TOKEN_NOT_YET_VALID'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_REUSED';

/**
 * The token was refused. `code` says why; answer the buyer "encrypt the card again".
 *
 * @example
 * try { await decryptor.decrypt(body.token); }
 * catch (error) { if (error instanceof TokenError) reply(400, { code: error.code }); else throw error; }
 */
export class TokenError extends Error {
  readonly code: TokenErrorCode;
  constructor(code: TokenErrorCode, message: string) {
    super(message);
    this.name = 'TokenError';
    this.code = code;
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
export class ReplayStoreError extends Error {
  readonly code = 'REPLAY_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReplayStoreError';
  }
}

/**
 * A bad option given to {@link createDecryptor} or a store factory; `option` names it.
 *
 * @example
 * await createDecryptor({ keys: {} }); // rejects: option "keys": expected at least one keyId ...
 */
export class DecryptorOptionsError extends Error {
  readonly code = 'INVALID_OPTION';
  readonly option: string;
  constructor(option: string, expected: string) {
    super(`option "${option}": ${expected}`);
    this.name = 'DecryptorOptionsError';
    this.option = option;
  }
}
