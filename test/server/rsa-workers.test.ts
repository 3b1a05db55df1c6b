// The RSA unwraps run on worker threads (src/server/rsa-workers.ts, issue 14): one per core,
// shared by every decryptor of the process, at most JOBS_PER_WORKER jobs posted to each, the rest
// waiting first in, first out; a worker that stops fails only its own pending decrypts, with
// DECRYPTOR_UNAVAILABLE (the token stays unused), and the next job starts a new worker.
// Told by outcomes and order, never by timings.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createDecryptor, DecryptorUnavailableError, SvcCardError } from '../../src/server/index.js';
import { importPrivateKeys } from '../../src/server/private-keys.js';
import { JOBS_PER_WORKER, RSA_WORKER_NICE, RSA_WORKERS, runningWorkers } from '../../src/server/rsa-workers.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const POSTED_AT_MOST = RSA_WORKERS * JOBS_PER_WORKER;

/** 'OK', or the code of the SvcCardError it rejected with. */
const outcome = (decrypt: Promise<unknown>): Promise<string> =>
  decrypt.then(() => 'OK', (error: unknown) => (error instanceof SvcCardError ? error.code : Promise.reject(error)));

describe(`RSA worker threads (${RSA_WORKERS} here, ${JOBS_PER_WORKER} jobs posted to each at most)`, () => {
  it('a decryptor starts one worker per core; a non-extractable CryptoKey decrypts too (node:crypto reads it)', async () => {
    const der = Buffer.from(readSharedKey('rsa-2048-private.pem').replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
    const decryptor = await createDecryptor({ keys: { v1: key } });
    expect(runningWorkers()).toHaveLength(RSA_WORKERS);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => tokenFor(readSharedKey('rsa-2048-public.pem'))));
    const results = await Promise.all(tokens.map((token) => decryptor.decrypt(token)));
    expect(results.map((r) => r.paymentProfile.cardNumber)).toEqual(tokens.map(() => '4111111111111111'));
  });

  it.runIf(process.platform === 'linux')(`each worker runs ${RSA_WORKER_NICE} nice steps below the event loop, which keeps its own`, async () => {
    const before = getPriority();
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    await decryptor.decrypt(await tokenFor(readSharedKey('rsa-2048-public.pem')));
    // /proc/self/task/<tid>/stat: the 19th field is the thread's nice value (the 17th after the name's closing parenthesis).
    // A thread that ended between the listing and the read has no nice value (NaN).
    const niceOf = (tid: string) => { try { return Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]); } catch { return NaN; } };
    expect(niceOf(String(process.pid))).toBe(before);
    expect(runningWorkers().length).toBeGreaterThan(0);
    // Every RSA worker of this process at least (a file before this one may have started some from dist/ too).
    const below = readdirSync('/proc/self/task').map(niceOf).filter((nice) => nice === Math.min(19, before + RSA_WORKER_NICE));
    expect(below.length).toBeGreaterThanOrEqual(runningWorkers().length);
  });

  it('a process that decrypted a token and has nothing left to do exits by itself (idle workers are unref\'d)', () => {
    // A generous time-out instead of a hang; a referenced worker would keep the process alive.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/server/support/decrypt-once.ts'], { encoding: 'utf8', timeout: 60_000 });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('4111111111111111');
    expect(run.status).toBe(0);
  });

  it(`a flood of 300 unwraps: each resolves only once all but ${POSTED_AT_MOST - 1} of those called before it have (first in, first out, bounded)`, async () => {
    const pool = (await importPrivateKeys({ v1: readSharedKey('rsa-2048-private.pem') })).get('v1')!;
    const tokens = await Promise.all(Array.from({ length: 300 }, () => tokenFor(readSharedKey('rsa-2048-public.pem'))));
    const done = tokens.map(() => false);
    const earlierPending: number[] = [];
    await Promise.all(
      tokens.map((token, i) =>
        pool.unwrap(Buffer.from(token.encryptedKey, 'base64')).then((cek) => {
          expect(cek).toHaveLength(32);
          earlierPending[i] = done.slice(0, i).filter((d) => !d).length;
          done[i] = true;
        }),
      ),
    );
    expect(Math.max(...earlierPending)).toBeLessThanOrEqual(POSTED_AT_MOST - 1);
  });

  it.each([
    ['terminated', (worker: import('node:worker_threads').Worker) => void worker.terminate()],
    ['crashed (an uncaught TypeError in the worker)', (worker: import('node:worker_threads').Worker) => worker.postMessage(null)],
  ])('a worker %s: its pending decrypts answer DECRYPTOR_UNAVAILABLE, the others succeed, the refused tokens are still unused and a new worker decrypts them', async (_, stop) => {
    // 4096 bits: each unwrap takes milliseconds, so the stopped worker still holds its jobs.
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-4096-private.pem') } });
    const tokens = await Promise.all(Array.from({ length: POSTED_AT_MOST + 4 }, () => tokenFor(readSharedKey('rsa-4096-public.pem'))));
    const victim = runningWorkers()[0]!;
    const outcomes = tokens.map((token) => decryptor.decrypt(token));
    stop(victim);
    const codes = await Promise.all(outcomes.map(outcome));
    const refused = codes.flatMap((code, i) => (code === 'DECRYPTOR_UNAVAILABLE' ? [i] : []));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(JOBS_PER_WORKER);
    expect(codes.filter((code) => code !== 'DECRYPTOR_UNAVAILABLE')).toEqual(Array(tokens.length - refused.length).fill('OK'));
    await expect(outcomes[refused[0]!]).rejects.toBeInstanceOf(DecryptorUnavailableError);
    expect(runningWorkers()).not.toContain(victim);
    const retried = await Promise.all(refused.map((i) => decryptor.decrypt(tokens[i])));
    expect(retried.map((r) => r.paymentProfile.cardNumber)).toEqual(refused.map(() => '4111111111111111'));
    expect(runningWorkers()).toHaveLength(RSA_WORKERS); // the first retry started a new one in its place
    expect(runningWorkers()).not.toContain(victim);
  });
});
