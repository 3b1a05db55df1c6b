// Single use (API reference section 8: "10 minutes, single use"): the decryptor records
// each accepted token id once, for max age + clock tolerance.

/**
 * Where accepted token ids are kept. `recordOnce` must be atomic: of any number of
 * concurrent calls with one id, exactly one answers `true`. Throw (or reject) when the id
 * cannot be recorded: the decryptor then refuses the token (fail closed).
 *
 * @example
 * const store: ReplayStore = { recordOnce: (tokenId, ttlSeconds) => myDb.insertIfAbsent(tokenId, ttlSeconds) };
 */
export interface ReplayStore {
  /** Records `tokenId` for `ttlSeconds`. `true` when it was new, `false` when already recorded. */
  recordOnce(tokenId: string, ttlSeconds: number): boolean | Promise<boolean>;
}
