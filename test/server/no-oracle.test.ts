// TOKEN-FORMAT.md: one code for every decryption failure, and one path (RFC 7516 section 11.5):
// a failed RSA unwrap still goes through AES-GCM with a random key before TOKEN_UNDECRYPTABLE.
// The RSA unwrap runs on a worker thread (rsa-workers.ts), AES-GCM with node:crypto on the event
// loop (open-envelope.ts says why): the job posted to the worker, the worker's answer and the
// AES-GCM call are observed (the real implementations run), never replaced.
import nodeCrypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { runningWorkers } from '../../src/server/rsa-workers.js';
import { codeOf } from './support/codes.js';
import { decryptVectorKeys, decryptVectors } from '../../test-support/shared-vectors.mjs';

let rsa: MockInstance<Worker['postMessage']>;
let aes: MockInstance<typeof nodeCrypto.createDecipheriv>;
beforeEach(() => {
  rsa = vi.spyOn(Worker.prototype, 'postMessage');
  aes = vi.spyOn(nodeCrypto, 'createDecipheriv');
});
afterEach(() => vi.restoreAllMocks());

const vector = (name: string) => decryptVectors().vectors.find((v) => v.name === name)!;

/** The calls made, in order, and how the unwrap ended, while the vector's token is refused. */
async function attempt(name: string) {
  const { token, now, options } = vector(name);
  const decryptor = await createDecryptor({ keys: decryptVectorKeys(), ...options, now: () => now * 1000 });
  const answers: [number, Uint8Array | null][] = [];
  const listen = (answer: [number, Uint8Array | null]) => answers.push(answer);
  for (const worker of runningWorkers()) worker.on('message', listen);
  rsa.mockClear(); // the keys registered with the workers are not unwraps
  const code = await codeOf(decryptor.decrypt(token));
  for (const worker of runningWorkers()) worker.off('message', listen);
  const unwraps = rsa.mock.calls.flatMap(([message], i) => ((message as unknown[]).length === 3 ? [[(message as number[])[0], rsa.mock.invocationCallOrder[i]!]] : []));
  const order = [...unwraps.map(([, n]) => [n, 'RSA-OAEP'] as const), ...aes.mock.invocationCallOrder.map((n) => [n, 'AES-GCM'] as const)];
  return {
    code,
    calls: order.sort(([a], [b]) => a! - b!).map(([, call]) => call),
    unwrap: unwraps.map(([id]) => (answers.find(([answered]) => answered === id)![1] ? 'fulfilled' : 'rejected')),
    aes: aes.mock.calls.map(([cipher, key]) => [cipher, (key as Uint8Array).length]),
  };
}

describe('same path whether the RSA unwrap fails or the AES-GCM check does', () => {
  it.each(['tampered-encrypted-key', 'wrong-key-for-kid', 'oaep-sha1'])('%s: the unwrap fails, AES-GCM still runs, then TOKEN_UNDECRYPTABLE', async (name) => {
    const result = await attempt(name);
    expect(result.code).toBe('TOKEN_UNDECRYPTABLE');
    expect(result.calls).toEqual(['RSA-OAEP', 'AES-GCM']);
    expect(result.unwrap).toEqual(['rejected']); // the unwrap did fail: the AES-GCM run is the decoy
    expect(result.aes).toEqual([['aes-256-gcm', 32]]);
  });

  it('tampered-ciphertext: the unwrap succeeds, AES-GCM fails: the same calls, the same code', async () => {
    const result = await attempt('tampered-ciphertext');
    expect(result.code).toBe('TOKEN_UNDECRYPTABLE');
    expect(result.calls).toEqual(['RSA-OAEP', 'AES-GCM']);
    expect(result.unwrap).toEqual(['fulfilled']);
    expect(result.aes).toEqual([['aes-256-gcm', 32]]);
  });
});
