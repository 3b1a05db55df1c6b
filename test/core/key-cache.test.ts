// The imported public key is cached (bounded, least recently used first out), observed on the
// real WebCrypto: importKey is spied on, not replaced.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { VALID_CARD } from './support/plaintext.js';
import { PUBLIC_2048 } from './support/private-keys.js';

type EncryptCard = typeof import('../../src/core/index.js').encryptCard;
let encryptCard: EncryptCard;
let importKey: MockInstance;

// Each PEM variant is the same key (surrounding white space is accepted) but a distinct cache entry.
const variant = (i: number) => PUBLIC_2048.trim() + '\n'.repeat(i + 1);
const encryptWith = async (publicKey: string) => {
  const result = await encryptCard({ ...VALID_CARD, publicKey });
  expect(result.errors).toEqual([]);
};

beforeEach(async () => {
  vi.resetModules(); // a fresh module, so a fresh cache
  ({ encryptCard } = await import('../../src/core/index.js'));
  importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
});
afterEach(() => vi.restoreAllMocks());

const rsaImports = () => importKey.mock.calls.filter((call) => call[0] === 'spki').length;

describe('public key cache', () => {
  it('imports a PEM once however often it is used', async () => {
    for (let i = 0; i < 5; i++) await encryptWith(PUBLIC_2048);
    expect(rsaImports()).toBe(1);
  });

  it('imports once even for concurrent first calls', async () => {
    await Promise.all([0, 1, 2, 3].map(() => encryptWith(PUBLIC_2048)));
    expect(rsaImports()).toBe(1);
  });

  it('holds four keys and evicts the least recently used', async () => {
    for (let i = 0; i < 4; i++) await encryptWith(variant(i));
    expect(rsaImports()).toBe(4);
    await encryptWith(variant(0)); // now 1 is the least recently used
    expect(rsaImports()).toBe(4);
    await encryptWith(variant(4)); // evicts 1
    expect(rsaImports()).toBe(5);
    await encryptWith(variant(0));
    await encryptWith(variant(2));
    await encryptWith(variant(3));
    expect(rsaImports()).toBe(5);
    await encryptWith(variant(1)); // was evicted
    expect(rsaImports()).toBe(6);
  });

  it('remembers a bad key too, and still reports it every time', async () => {
    const shortKey = (await import('../../test-support/shared-vectors.mjs')).readSharedKey('rsa-1024-public.pem');
    for (let i = 0; i < 3; i++) {
      const result = await encryptCard({ ...VALID_CARD, publicKey: shortKey });
      expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
    }
    expect(rsaImports()).toBe(1);
  });
});
