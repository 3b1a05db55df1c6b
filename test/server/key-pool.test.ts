// Decrypt throughput that grows with cores (issue 14): Node serializes RSA operations on one
// CryptoKey, so each private key is imported once per core and the copies are used in turn.
// Observed on the real WebCrypto: subtle.decrypt is spied on, not replaced.
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const privatePem = readSharedKey('rsa-2048-private.pem');
const publicPem = readSharedKey('rsa-2048-public.pem');
const copies = Math.min(16, availableParallelism());

afterEach(() => vi.restoreAllMocks());

async function rsaKeysUsed(keys: Record<string, string | CryptoKey>, decrypts: number): Promise<Set<CryptoKey>> {
  const decryptor = await createDecryptor({ keys });
  const tokens = await Promise.all(Array.from({ length: decrypts }, () => tokenFor(publicPem)));
  const spy = vi.spyOn(crypto.subtle, 'decrypt');
  const results = await Promise.all(tokens.map((token) => decryptor.decrypt(token)));
  expect(results.map((r) => r.tokenId)).toEqual(tokens.map(() => expect.any(String)));
  const used = new Set(spy.mock.calls.filter(([algorithm]) => (algorithm as Algorithm).name === 'RSA-OAEP').map(([, key]) => key));
  spy.mockRestore();
  return used;
}

describe('private key copies, one per core', () => {
  it(`a PEM: decrypts use ${copies} distinct CryptoKeys in turn (this machine has ${availableParallelism()} cores)`, async () => {
    expect((await rsaKeysUsed({ v1: privatePem }, copies * 3)).size).toBe(copies);
  });

  it('an extractable CryptoKey is copied too; a non-extractable one is used as it is', async () => {
    const der = Buffer.from(privatePem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const importAs = (extractable: boolean) => crypto.subtle.importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, extractable, ['decrypt']);
    expect((await rsaKeysUsed({ v1: await importAs(true) }, copies * 2)).size).toBe(copies);
    const fixed = await importAs(false);
    expect([...(await rsaKeysUsed({ v1: fixed }, 4))]).toEqual([fixed]);
  });
});
