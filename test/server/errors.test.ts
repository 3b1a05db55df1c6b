// One error base (issue 12): every public error, on the page and on the service, is a
// SvcCardError with a stable code from one union; the 0.1 name DecryptorOptionsError is the
// same class as InvalidOptionError.
import { describe, expect, it } from 'vitest';
import { SecureContextError, SvcCardError as CoreBase } from '../../src/core/index.js';
import { decryptVectorKeys } from '../../test-support/shared-vectors.mjs';
import {
  DecryptorOptionsError, DecryptorUnavailableError, InvalidOptionError, ReplayStoreError, SvcCardError, TokenError,
  createDecryptor, createMemoryReplayStore, generateKeyPair, type SvcCardErrorCode,
} from '../../src/server/index.js';

const rejection = async (promise: Promise<unknown>): Promise<unknown> => promise.then(() => 'resolved', (error: unknown) => error);

describe('SvcCardError', () => {
  it('is one class for both entries', () => {
    expect(CoreBase).toBe(SvcCardError);
  });

  it.each([
    ['SecureContextError', new SecureContextError(), 'SECURE_CONTEXT_REQUIRED'],
    ['TokenError', new TokenError('TOKEN_EXPIRED', 'token: older than 600 s'), 'TOKEN_EXPIRED'],
    ['ReplayStoreError', new ReplayStoreError('replay store: down'), 'REPLAY_STORE_UNAVAILABLE'],
    ['DecryptorUnavailableError', new DecryptorUnavailableError('decrypt: the RSA worker thread stopped'), 'DECRYPTOR_UNAVAILABLE'],
    ['InvalidOptionError', new InvalidOptionError('keys', 'expected at least one keyId'), 'INVALID_OPTION'],
  ] as const)('%s extends it, with its name and code', (name, error, code: SvcCardErrorCode) => {
    expect(error).toBeInstanceOf(SvcCardError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
  });

  it('is what the factories and decrypt reject with', async () => {
    const refused = [
      await rejection(createDecryptor({ keys: {} })),
      await rejection(generateKeyPair({ bits: 1024 as 2048 })),
      await rejection(Promise.resolve().then(() => createMemoryReplayStore({ maxEntries: 0 }))),
      await rejection(createDecryptor({ keys: decryptVectorKeys() }).then((decryptor) => decryptor.decrypt('not a token'))),
    ];
    for (const error of refused) expect(error).toBeInstanceOf(SvcCardError);
    expect((refused[3] as TokenError).code).toBe('TOKEN_MALFORMED');
    expect((refused[1] as InvalidOptionError).option).toBe('bits');
  });
});

describe('InvalidOptionError (was DecryptorOptionsError)', () => {
  it('is named for what failed: an option of any factory, key generation included', async () => {
    const error = await rejection(generateKeyPair({ keyId: 'no spaces' }));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({ name: 'InvalidOptionError', code: 'INVALID_OPTION', option: 'keyId' });
  });

  it('keeps the 0.1 name as a deprecated alias of the same class', () => {
    expect(DecryptorOptionsError).toBe(InvalidOptionError);
    expect(new InvalidOptionError('now', 'expected a function')).toBeInstanceOf(DecryptorOptionsError);
  });
});
