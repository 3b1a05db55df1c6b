// TOKEN-FORMAT.md: one code for every decryption failure, and one path (RFC 7516 section 11.5):
// a failed RSA unwrap still goes through AES-GCM with a random key before TOKEN_UNDECRYPTABLE.
// WebCrypto is spied on (the real implementation runs), never replaced.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { codeOf } from './support/codes.js';
import { decryptVectorKeys, decryptVectors } from '../../test-support/shared-vectors.mjs';

let decrypt: MockInstance<SubtleCrypto['decrypt']>;
beforeEach(() => {
  decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');
});
afterEach(() => vi.restoreAllMocks());

const vector = (name: string) => decryptVectors().vectors.find((v) => v.name === name)!;
const algorithms = () => decrypt.mock.calls.map(([algorithm]) => (algorithm as Algorithm).name);

/** The decrypt calls and their outcomes while the vector's token is refused. */
async function attempt(name: string) {
  const { token, now, options } = vector(name);
  const decryptor = await createDecryptor({ keys: decryptVectorKeys(), ...options, now: () => now * 1000 });
  const code = await codeOf(decryptor.decrypt(token));
  const outcomes = await Promise.allSettled(decrypt.mock.results.map((r) => r.value as Promise<unknown>));
  return { code, algorithms: algorithms(), outcomes: outcomes.map((o) => o.status) };
}

describe('same path whether the RSA unwrap fails or the AES-GCM check does', () => {
  it.each(['tampered-encrypted-key', 'wrong-key-for-kid', 'oaep-sha1'])('%s: the unwrap fails, AES-GCM still runs, then TOKEN_UNDECRYPTABLE', async (name) => {
    const { code, algorithms, outcomes } = await attempt(name);
    expect(code).toBe('TOKEN_UNDECRYPTABLE');
    expect(algorithms).toEqual(['RSA-OAEP', 'AES-GCM']);
    expect(outcomes).toEqual(['rejected', 'rejected']); // the unwrap did fail: the AES call is the decoy
  });

  it('tampered-ciphertext: the unwrap succeeds, AES-GCM fails: the same calls, the same code', async () => {
    const { code, algorithms, outcomes } = await attempt('tampered-ciphertext');
    expect(code).toBe('TOKEN_UNDECRYPTABLE');
    expect(algorithms).toEqual(['RSA-OAEP', 'AES-GCM']);
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
  });
});
