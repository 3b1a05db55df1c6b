// A flood of tokens must not hold the process's other thread-pool work (fs, dns.lookup, zlib)
// behind every one of its RSA jobs (issue 14): the decryptor hands libuv's pool at most
// RSA_JOBS_AT_ONCE of them (one thread fewer than the pool), the rest wait in its own queue.
// Told by the order of events, not by timings: a file read started right after 400 decrypts
// were started ends before half of them have resolved. Without the bound its four pool trips
// (open, fstat, read, close) each queue behind all 400 RSA jobs, so it ends after nearly all.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { threadPoolSize } from '../../src/server/rsa-jobs.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const DECRYPTS = 400;
const poolThreads = threadPoolSize(process.env.UV_THREADPOOL_SIZE);

describe('the thread pool under a flood of tokens', () => {
  it.skipIf(poolThreads < 2)('a file read started behind 400 queued decrypts ends before half of them resolve (one pool thread has no RSA job to leave)', async () => {
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
