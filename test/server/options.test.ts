// createDecryptor validates its options at creation, naming the bad one.
import { describe, expect, it } from 'vitest';
import { createDecryptor, InvalidOptionError, type DecryptorOptions } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const private2048 = readSharedKey('rsa-2048-private.pem');

async function optionError(options: unknown): Promise<InvalidOptionError> {
  const error = await createDecryptor(options as DecryptorOptions).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidOptionError);
  return error as InvalidOptionError;
}

const pkcs1 = async () => {
  const { privateKey } = await import('node:crypto').then((c) => c.generateKeyPairSync('rsa', { modulusLength: 2048 }));
  return privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
};

describe('createDecryptor options', () => {
  it.each([
    [undefined, 'options'],
    [{}, 'keys'],
    [{ keys: {} }, 'keys'],
    [{ keys: 'pem' }, 'keys'],
    [{ keys: { 'bad kid': private2048 } }, 'keys'],
    [{ keys: { v1: private2048 }, maxAgeSeconds: 0 }, 'maxAgeSeconds'],
    [{ keys: { v1: private2048 }, maxAgeSeconds: -5 }, 'maxAgeSeconds'],
    [{ keys: { v1: private2048 }, maxAgeSeconds: '600' }, 'maxAgeSeconds'],
    [{ keys: { v1: private2048 }, maxAgeSeconds: Number.NaN }, 'maxAgeSeconds'],
    [{ keys: { v1: private2048 }, clockToleranceSeconds: -1 }, 'clockToleranceSeconds'],
    [{ keys: { v1: private2048 }, clockToleranceSeconds: Infinity }, 'clockToleranceSeconds'],
    [{ keys: { v1: private2048 }, now: 5 }, 'now'],
    [{ keys: { v1: private2048 }, replayStore: {} }, 'replayStore'],
  ])('%j -> option %s', async (options, option) => {
    const error = await optionError(options);
    expect(error.option).toBe(option);
    expect(error.message).toContain(`option "${option}"`);
  });

  it.each([
    ['not a PEM', 'a PKCS#8 PEM private key'],
    [readSharedKey('rsa-2048-public.pem'), 'this is a public key, the service needs the private key'],
    ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', 'not RSA, or damaged'],
    ['-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----', 'encrypted'],
    [42, 'got number'],
  ])('a bad key names its keyId: %#', async (pem, words) => {
    const error = await optionError({ keys: { v1: private2048, x: pem } });
    expect(error.option).toBe('keys["x"]');
    expect(error.message).toContain(words);
  });

  it('explains PKCS#1 private keys', async () => {
    expect((await optionError({ keys: { x: await pkcs1() } })).message).toContain('openssl pkcs8 -topk8 -nocrypt');
  });

  it('refuses RSA keys under 2048 bits and CryptoKeys of the wrong kind', async () => {
    const rsa = (modulusLength: number, hash = 'SHA-256', usages: KeyUsage[] = ['encrypt', 'decrypt']) =>
      crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash }, true, usages);
    const small = await rsa(1024);
    expect((await optionError({ keys: { x: small.privateKey } })).message).toContain('at least 2048 bits, got 1024');
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', small.privateKey)).toString('base64');
    expect((await optionError({ keys: { x: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----` } })).message).toContain('got 1024');
    expect((await optionError({ keys: { x: (await rsa(2048)).publicKey } })).message).toContain('private key, got public');
    expect((await optionError({ keys: { x: (await rsa(2048, 'SHA-1')).privateKey } })).message).toContain('SHA-256');
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    expect((await optionError({ keys: { x: aes } })).message).toContain('RSA-OAEP SHA-256 private key');
  });

  it('refuses keys whose public exponent is 1 or even (RSA would be the identity or not invertible)', async () => {
    const { createPrivateKey } = await import('node:crypto');
    const jwk = createPrivateKey(private2048).export({ format: 'jwk' });
    // The vector key's primes with e = d = 1: WebCrypto imports it; only our check refuses it.
    const weak = createPrivateKey({ key: { ...jwk, e: 'AQ', d: 'AQ', dp: 'AQ', dq: 'AQ' }, format: 'jwk' }).export({ type: 'pkcs8', format: 'pem' }) as string;
    const error = await optionError({ keys: { v1: private2048, weak } });
    expect(error.option).toBe('keys["weak"]');
    expect(error.message).toContain('odd RSA public exponent >= 3');
    const der = createPrivateKey(weak).export({ type: 'pkcs8', format: 'der' });
    const cryptoKey = await crypto.subtle.importKey('pkcs8', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
    expect((await optionError({ keys: { weak: cryptoKey } })).message).toContain('odd RSA public exponent >= 3');
  });

  it('accepts any ReadonlyMap, not only a Map', async () => {
    class KeyRing implements ReadonlyMap<string, string> {
      readonly #inner = new Map([['v1', private2048]]);
      get size() { return this.#inner.size; }
      get(key: string) { return this.#inner.get(key); }
      has(key: string) { return this.#inner.has(key); }
      forEach(fn: (value: string, key: string, map: ReadonlyMap<string, string>) => void) { this.#inner.forEach((v, k) => fn(v, k, this)); }
      entries() { return this.#inner.entries(); }
      keys() { return this.#inner.keys(); }
      values() { return this.#inner.values(); }
      [Symbol.iterator]() { return this.#inner[Symbol.iterator](); }
    }
    await expect(createDecryptor({ keys: new KeyRing() })).resolves.toHaveProperty('decrypt');
    await expect(createDecryptor({ keys: new Map([['v1', private2048]]) })).resolves.toHaveProperty('decrypt');
    const throwing = { entries() { throw new Error('boom'); } };
    expect((await optionError({ keys: throwing })).option).toBe('keys');
  });

  it('accepts a PEM with CRLF line ends and surrounding white space', async () => {
    const crlf = `\n  ${private2048.replace(/\n/g, '\r\n')}  \n`;
    await expect(createDecryptor({ keys: { v1: crlf } })).resolves.toHaveProperty('decrypt');
  });

  it('fails closed when the clock gives no number', async () => {
    const { decryptVectors, decryptVectorKeys } = await import('../../test-support/shared-vectors.mjs');
    const decryptor = await createDecryptor({ keys: decryptVectorKeys(), now: () => Number.NaN });
    await expect(decryptor.decrypt(decryptVectors().vectors[0]!.token)).rejects.toBeInstanceOf(InvalidOptionError);
  });
});

describe('createDecryptor given the wrong kind of key', () => {
  it('says a public key is a public key, and that the service needs the private key', async () => {
    for (const file of ['rsa-2048-public.pem', 'rsa-2048-public-pkcs1.pem']) {
      const error = await optionError({ keys: { v1: readSharedKey(file) } });
      expect(error.option).toBe('keys["v1"]');
      expect(error.message).toMatch(/this is a public key, the service needs the private key/);
    }
  });

  it('still calls a damaged private key damaged, not a public one', async () => {
    const lines = private2048.split('\n');
    const error = await optionError({ keys: { v1: [...lines.slice(0, 5), ...lines.slice(6)].join('\n') } });
    expect(error.message).not.toMatch(/public key/);
  });
});
