// One error base for every error the package throws or rejects with (issue 12), on the page and
// on the service: `instanceof SvcCardError` catches them all, and `code` says what failed. The
// codes are string-literal unions, stable across versions; messages may change.

/**
 * The acceptance table of TOKEN-FORMAT.md, in the order the checks run: every code `decrypt` refuses
 * a token with. The one list of the project: the sandbox answers these codes and describes them.
 *
 * @example
 * const isTokenCode = (code: unknown): code is TokenErrorCode => TOKEN_ERROR_CODES.includes(code as TokenErrorCode);
 */
export const TOKEN_ERROR_CODES = [
  'TOKEN_MALFORMED',
  'TOKEN_UNKNOWN_KEY',
  'TOKEN_UNDECRYPTABLE',
  'TOKEN_INVALID_PAYLOAD',
  'TOKEN_NOT_YET_VALID',
  'TOKEN_EXPIRED',
  'TOKEN_REUSED',
] as const;

/** The acceptance table of TOKEN-FORMAT.md, in the order the checks run: why `decrypt` refused a token ({@link TOKEN_ERROR_CODES}). */
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

/**
 * Every `code` a {@link SvcCardError} can carry: `SECURE_CONTEXT_REQUIRED` (encryptCard without
 * WebCrypto), the {@link TokenErrorCode}s (a token refused), `REPLAY_STORE_UNAVAILABLE` (single use
 * could not be recorded), `DECRYPTOR_UNAVAILABLE` (the decryptor's RSA worker stopped), `INVALID_OPTION`
 * (a bad option of any factory).
 *
 * @example
 * function status(code: SvcCardErrorCode): number { return code === 'REPLAY_STORE_UNAVAILABLE' ? 503 : 400; }
 */
export type SvcCardErrorCode = 'SECURE_CONTEXT_REQUIRED' | TokenErrorCode | 'REPLAY_STORE_UNAVAILABLE' | 'DECRYPTOR_UNAVAILABLE' | 'INVALID_OPTION';

/**
 * The base of every error svc-card throws or rejects with; `code` is stable, `message` is for people
 * (it never holds card data).
 *
 * @example
 * try { await decryptor.decrypt(token); } catch (error) { if (error instanceof SvcCardError) reply(error.code); else throw error; }
 */
export class SvcCardError<Code extends SvcCardErrorCode = SvcCardErrorCode> extends Error {
  readonly code: Code;
  constructor(name: string, code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Set, not taken from the class: minified bundles rename classes.
    this.name = name;
    this.code = code;
  }
}
