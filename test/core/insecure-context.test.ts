// Without crypto.subtle (a page on plain http) the promise rejects with the secure-context
// error; bad fields are still reported as codes (STYLE.md habit 2).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureContextError, encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';

const realCrypto = globalThis.crypto;
const withoutSubtle = { getRandomValues: realCrypto.getRandomValues.bind(realCrypto) };

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ['crypto without subtle', withoutSubtle],
  ['no crypto at all', undefined],
])('insecure context: %s', (_name, stub) => {
  it('rejects a valid card with SecureContextError naming HTTPS', async () => {
    vi.stubGlobal('crypto', stub);
    const promise = encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    await expect(promise).rejects.toBeInstanceOf(SecureContextError);
    await expect(promise).rejects.toMatchObject({ code: 'SECURE_CONTEXT_REQUIRED', name: 'SecureContextError' });
    await expect(promise).rejects.toThrow(/HTTPS/);
    await expect(promise).rejects.toThrow(/secure context/);
  });

  it('still resolves with the codes of bad fields', async () => {
    vi.stubGlobal('crypto', stub);
    const result = await encryptCard({ ...VALID_CARD, number: '12', securityCode: '1', publicKey: PUBLIC_2048 });
    expect(result).toMatchObject({ hasErrors: true, encryptedCard: null });
    expect(result.errors.map((e) => e.code)).toEqual(['INVALID_NUMBER', 'INVALID_SECURITY_CODE']);
  });

  it('reports a key that is not PEM at all without WebCrypto', async () => {
    vi.stubGlobal('crypto', stub);
    const result = await encryptCard({ ...VALID_CARD, publicKey: '-----BEGIN PUBLIC KEY-----\n%%%\n-----END PUBLIC KEY-----' });
    expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
  });

  it('resolves for any input rather than rejecting, unless the card is valid', async () => {
    vi.stubGlobal('crypto', stub);
    for (const input of [null, undefined, 42, 'card', [], {}]) {
      await expect(encryptAnything(input)).resolves.toMatchObject({ hasErrors: true });
    }
  });
});

describe('secure context again', () => {
  it('encrypts once crypto.subtle is back', async () => {
    const result = await encryptCard({ ...VALID_CARD, publicKey: PUBLIC_2048 });
    expect(result.hasErrors).toBe(false);
  });
});
