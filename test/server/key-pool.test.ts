// Decrypt throughput that grows with cores (issue 14): Node serializes RSA operations on one
// CryptoKey, so each private key is imported once per RSA job the thread pool may run at once,
// and a job takes a copy no other job holds: no pool thread waits on a key's lock.
// Observed on the real WebCrypto: subtle.decrypt is wrapped (it still does the work), not replaced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { RSA_JOBS_AT_ONCE } from '../../src/server/rsa-jobs.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';

const privatePem = readSharedKey('rsa-2048-private.pem');
const publicPem = readSharedKey('rsa-2048-public.pem');

const realDecrypt = crypto.subtle.decrypt.bind(crypto.subtle);

afterEach(() => vi.restoreAllMocks());

interface RsaUse {
  /** The CryptoKeys RSA ran with. */
  used: Set<CryptoKey>;
  /** The most RSA decrypts running at once, in all and on any one CryptoKey. */
  mostAtOnce: number;
  mostOnOneKey: number;
}

async function rsaUse(keys: Record<string, string | CryptoKey>, decrypts: number): Promise<RsaUse> {
  const decryptor = await createDecryptor({ keys });
  const tokens = await Promise.all(Array.from({ length: decrypts }, () => tokenFor(publicPem)));
  const running = new Map<CryptoKey, number>();
  let atOnce = 0;
  const use: RsaUse = { used: new Set(), mostAtOnce: 0, mostOnOneKey: 0 };
  const spy = vi.spyOn(crypto.subtle, 'decrypt').mockImplementation(async (algorithm, key, data) => {
    if ((algorithm as Algorithm).name !== 'RSA-OAEP') return realDecrypt(algorithm, key, data);
    use.used.add(key);
    running.set(key, (running.get(key) ?? 0) + 1);
    use.mostOnOneKey = Math.max(use.mostOnOneKey, running.get(key)!);
    use.mostAtOnce = Math.max(use.mostAtOnce, ++atOnce);
    try {
      return await realDecrypt(algorithm, key, data);
    } finally {
      running.set(key, running.get(key)! - 1);
      atOnce--;
    }
  });
  const results = await Promise.all(tokens.map((token) => decryptor.decrypt(token)));
  spy.mockRestore();
  expect(results.map((r) => r.tokenId)).toEqual(tokens.map(() => expect.any(String)));
  return use;
}

describe(`private key copies, one per RSA job at once (${RSA_JOBS_AT_ONCE} here)`, () => {
  it(`a PEM: ${RSA_JOBS_AT_ONCE} distinct CryptoKeys, never two decrypts at once on one, never more than ${RSA_JOBS_AT_ONCE} in all`, async () => {
    const use = await rsaUse({ v1: privatePem }, 40);
    expect(use.used.size).toBe(RSA_JOBS_AT_ONCE);
    expect(use.mostOnOneKey).toBe(1);
    expect(use.mostAtOnce).toBe(RSA_JOBS_AT_ONCE);
  });

  it('an extractable CryptoKey is copied too; a non-extractable one is used as it is, by every job', async () => {
    const der = Buffer.from(privatePem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    const importAs = (extractable: boolean) => crypto.subtle.importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, extractable, ['decrypt']);
    const copied = await rsaUse({ v1: await importAs(true) }, 20);
    expect(copied.used.size).toBe(RSA_JOBS_AT_ONCE);
    expect(copied.mostOnOneKey).toBe(1);
    const fixed = await importAs(false);
    const alone = await rsaUse({ v1: fixed }, 10);
    expect([...alone.used]).toEqual([fixed]);
    expect(alone.mostAtOnce).toBe(RSA_JOBS_AT_ONCE); // the bound holds for it too
  });
});
