// A flood of tokens must not hold the process's other thread-pool work (fs, dns.lookup, zlib)
// behind its RSA jobs (issue 14): the unwraps run on the decryptor's own worker threads
// (rsa-workers.ts), never in libuv's pool. Told by the order of events, not by timings: a file
// read started right after 400 decrypts were started ends before half of them have resolved.
// With every RSA job in the pool (0.1), its four pool trips (open, fstat, read, close) each
// queued behind all 400, so it ended after nearly all.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const DECRYPTS = 400;

describe('the thread pool under a flood of tokens', () => {
  it('a file read started behind 400 queued decrypts ends before half of them resolve (no RSA job in the pool)', async () => {
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const tokens = await Promise.all(Array.from({ length: DECRYPTS }, () => tokenFor(readSharedKey('rsa-2048-public.pem'))));
    let resolved = 0;
    const decrypts = tokens.map((token) => decryptor.decrypt(token).then(() => resolved++));
    const resolvedWhenRead = await readFile(import.meta.filename).then(() => resolved);
    await Promise.all(decrypts);
    expect(resolved).toBe(DECRYPTS);
    expect(resolvedWhenRead).toBeLessThan(DECRYPTS / 2);
  });
});
