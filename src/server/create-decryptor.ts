// createDecryptor: the acceptance table of TOKEN-FORMAT.md, checked in its order.
import { InvalidOptionError, ReplayStoreError, TokenError } from './errors.js';
import { checkPayload, type PaymentProfile } from './check-payload.js';
import { createMemoryReplayStore } from './memory-replay-store.js';
import { openEnvelope } from './open-envelope.js';
import { parseToken } from './parse-token.js';
import { importPrivateKeys, type KeysOption } from './private-keys.js';
import type { ReplayStore } from './replay-store.js';

/** Options of {@link createDecryptor}. */
export interface DecryptorOptions {
  /** keyId -> PKCS#8 PEM or CryptoKey. Keep the old key here while pages still use it (rotation). */
  keys: KeysOption;
  /** Oldest accepted token, in whole seconds like `iat` (600.9 s counts as 600); `600` itself is accepted. Default 600 (API reference section 8). */
  maxAgeSeconds?: number;
  /** How far a browser clock may run ahead of yours, in seconds. Default 120. */
  clockToleranceSeconds?: number;
  /** Where token ids are recorded. Default: a new {@link createMemoryReplayStore} on `now`. */
  replayStore?: ReplayStore;
  /** Clock in milliseconds, like `Date.now` (the default). */
  now?: () => number;
}

/** What a valid token holds. */
export interface DecryptedCard {
  /** The open card, usable as the API's `paymentProfile`. */
  paymentProfile: PaymentProfile;
  /** The key that decrypted it. */
  keyId: string;
  /** The token's `jti`, now recorded as used. */
  tokenId: string;
  /** The token's `iat`: seconds since the Unix epoch, browser clock. */
  issuedAt: number;
}

/** A decryptor: create it once, call `decrypt` per request. */
export interface Decryptor {
  /** Resolves the card, or rejects with a {@link TokenError} (or a {@link ReplayStoreError}). */
  decrypt(token: unknown): Promise<DecryptedCard>;
}

function seconds(value: unknown, option: string, fallback: number, allowZero: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new InvalidOptionError(option, `expected a ${allowZero ? 'non-negative' : 'positive'} number of seconds, got ${typeof value === 'number' ? value : typeof value}`);
  }
  return value;
}

/** The store's answer; anything but true or false, or a throw, fails closed. */
async function recordOnce(store: ReplayStore, tokenId: string, ttlSeconds: number): Promise<boolean> {
  let recorded: unknown;
  try {
    recorded = await store.recordOnce(tokenId, ttlSeconds);
  } catch (error) {
    throw error instanceof ReplayStoreError ? error : new ReplayStoreError('replay store: recordOnce failed', { cause: error });
  }
  if (typeof recorded !== 'boolean') throw new ReplayStoreError(`replay store: recordOnce answered ${typeof recorded}, expected a boolean`);
  return recorded;
}

/**
 * Imports the private keys once and returns a {@link Decryptor}. Rejects with
 * {@link InvalidOptionError} naming the bad option (e.g. a bad PEM under `keys["v2"]`).
 *
 * @example
 * const decryptor = await createDecryptor({ keys: { v1: process.env.CARD_PRIVATE_KEY_V1 } });
 * const { paymentProfile, tokenId } = await decryptor.decrypt(request.body.token);
 */
export async function createDecryptor(options: DecryptorOptions): Promise<Decryptor> {
  if (options === null || typeof options !== 'object') throw new InvalidOptionError('options', 'expected an object with keys');
  const maxAge = seconds(options.maxAgeSeconds, 'maxAgeSeconds', 600, false);
  const tolerance = seconds(options.clockToleranceSeconds, 'clockToleranceSeconds', 120, true);
  const now = options.now ?? Date.now;
  if (typeof now !== 'function') throw new InvalidOptionError('now', 'expected a function returning milliseconds');
  const store = options.replayStore ?? createMemoryReplayStore({ now });
  if (store === null || typeof store !== 'object' || typeof store.recordOnce !== 'function') {
    throw new InvalidOptionError('replayStore', 'expected an object with recordOnce(tokenId, ttlSeconds)');
  }
  const keys = await importPrivateKeys(options.keys);

  return {
    async decrypt(token: unknown): Promise<DecryptedCard> {
      const parsed = parseToken(token);
      const key = keys.get(parsed.keyId); // a Map: "constructor" or "__proto__" are simply unknown
      if (!key) throw new TokenError('TOKEN_UNKNOWN_KEY', `token.keyId: no private key is configured for this keyId`);
      const { paymentProfile, iat, jti } = checkPayload(await openEnvelope(parsed, key));
      // Whole seconds, like iat and like JWT libraries (jose): an age of 600.9 s is 600 s, accepted.
      const nowMs = now();
      if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) throw new InvalidOptionError('now', `expected milliseconds, got ${nowMs}`);
      const nowS = Math.floor(nowMs / 1000);
      if (iat > nowS + tolerance) throw new TokenError('TOKEN_NOT_YET_VALID', `token: issued more than ${tolerance} s in the future`);
      if (nowS - iat > maxAge) throw new TokenError('TOKEN_EXPIRED', `token: older than ${maxAge} s; encrypt the card again`);
      // Recorded last, only once everything else passed (TOKEN-FORMAT.md acceptance order). The id is
      // kept 1 s beyond the validity window (whole seconds end a second later than they start), so
      // the store always outlives the token.
      if (!(await recordOnce(store, jti, maxAge + tolerance + 1))) {
        throw new TokenError('TOKEN_REUSED', 'token: already used; encrypt the card again');
      }
      return { paymentProfile, keyId: parsed.keyId, tokenId: jti, issuedAt: iat };
    },
  };
}
