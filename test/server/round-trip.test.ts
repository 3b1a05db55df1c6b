// Tokens from the core's encryptCard through createDecryptor (issue 3 "Round trip").
import { describe, expect, it } from 'vitest';
import { createDecryptor, TokenError } from '../../src/server/index.js';
import { openCard, tokenFor } from './support/cards.js';
import { codeOf } from './support/codes.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const public2048 = readSharedKey('rsa-2048-public.pem');
const public3072 = readSharedKey('rsa-3072-public.pem');
const private2048 = readSharedKey('rsa-2048-private.pem');
const private3072 = readSharedKey('rsa-3072-private.pem');
const private4096 = readSharedKey('rsa-4096-private.pem');

/** A decryptor whose clock is `offsetSeconds` away from the real one (tokens carry the real iat). */
const decryptorAt = (offsetSeconds: number, extra: object = {}) =>
  createDecryptor({ keys: { v1: private2048, 'v2.3072': private3072 }, now: () => Date.now() + offsetSeconds * 1000, ...extra });

describe('round trip with encryptCard', () => {
  it('decrypts a fresh token into the paymentProfile, with keyId, tokenId and issuedAt', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await (await decryptorAt(0)).decrypt(await tokenFor(public2048));
    expect(result.paymentProfile).toStrictEqual(openCard);
    expect(result.keyId).toBe('v1');
    expect(result.tokenId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(result.issuedAt).toBeGreaterThanOrEqual(before);
    expect(result.issuedAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('picks the key by keyId when several are configured (rotation)', async () => {
    const decryptor = await decryptorAt(0);
    await expect(decryptor.decrypt(await tokenFor(public3072, 'v2.3072'))).resolves.toMatchObject({ keyId: 'v2.3072', paymentProfile: openCard });
    await expect(decryptor.decrypt(await tokenFor(public2048, 'v1'))).resolves.toMatchObject({ keyId: 'v1' });
  });

  it('accepts keys as a Map and as CryptoKeys', async () => {
    const generated = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', generated.publicKey)).toString('base64');
    const publicPem = `-----BEGIN PUBLIC KEY-----\n${spki}\n-----END PUBLIC KEY-----`;
    const decryptor = await createDecryptor({ keys: new Map([['k', generated.privateKey]]) });
    await expect(decryptor.decrypt(await tokenFor(publicPem, 'k'))).resolves.toMatchObject({ paymentProfile: openCard });
  });

  it('refuses a token older than 600 s (TOKEN_EXPIRED) and accepts one just under', async () => {
    expect(await codeOf((await decryptorAt(605)).decrypt(await tokenFor(public2048)))).toBe('TOKEN_EXPIRED');
    await expect((await decryptorAt(595)).decrypt(await tokenFor(public2048))).resolves.toBeTruthy();
  });

  it('honours maxAgeSeconds and clockToleranceSeconds', async () => {
    expect(await codeOf((await decryptorAt(65, { maxAgeSeconds: 60 })).decrypt(await tokenFor(public2048)))).toBe('TOKEN_EXPIRED');
    expect(await codeOf((await decryptorAt(-15, { clockToleranceSeconds: 10 })).decrypt(await tokenFor(public2048)))).toBe('TOKEN_NOT_YET_VALID');
  });

  it('refuses a token from more than 120 s in the future (TOKEN_NOT_YET_VALID) and accepts one within', async () => {
    expect(await codeOf((await decryptorAt(-125)).decrypt(await tokenFor(public2048)))).toBe('TOKEN_NOT_YET_VALID');
    await expect((await decryptorAt(-115)).decrypt(await tokenFor(public2048))).resolves.toBeTruthy();
  });

  it('refuses a reused token (TOKEN_REUSED), and records nothing for a refused one', async () => {
    const token = await tokenFor(public2048);
    const late = await decryptorAt(700);
    expect(await codeOf(late.decrypt(token))).toBe('TOKEN_EXPIRED'); // not recorded...
    const decryptor = await decryptorAt(0);
    await decryptor.decrypt(token);
    expect(await codeOf(decryptor.decrypt(token))).toBe('TOKEN_REUSED');
    expect(await codeOf(decryptor.decrypt({ ...token }))).toBe('TOKEN_REUSED');
  });

  it('gives TOKEN_UNDECRYPTABLE when keyId is swapped to another configured key', async () => {
    const token = await tokenFor(public2048, 'v1');
    const decryptor = await decryptorAt(0);
    expect(await codeOf(decryptor.decrypt({ ...token, keyId: 'v2.3072' }))).toBe('TOKEN_UNDECRYPTABLE');
    // same private key under another name: the AAD binds the keyId
    const aliased = await createDecryptor({ keys: { v1: private2048, alias: private2048 } });
    expect(await codeOf(aliased.decrypt({ ...token, keyId: 'alias' }))).toBe('TOKEN_UNDECRYPTABLE');
    await expect(aliased.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' }); // the refusals recorded nothing
  });

  it('gives TOKEN_UNKNOWN_KEY for a keyId not configured, including names of Object.prototype members', async () => {
    const token = await tokenFor(public2048, 'v1');
    const decryptor = await createDecryptor({ keys: { v1: private2048, v4096: private4096 } });
    for (const keyId of ['v2', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(await codeOf(decryptor.decrypt({ ...token, keyId }))).toBe('TOKEN_UNKNOWN_KEY');
    }
  });

  it('answers every cryptographic failure with one error: same code, class and message', async () => {
    const token = await tokenFor(public2048);
    const decryptor = await decryptorAt(0);
    const flip = (b64: string, index: number) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[index] = bytes[index]! ^ 1;
      return bytes.toString('base64');
    };
    const variants = [
      { ...token, encryptedKey: flip(token.encryptedKey, 10) }, // RSA unwrap fails
      { ...token, encryptedKey: Buffer.alloc(256, 0).toString('base64') }, // not even < modulus-ish
      { ...token, encryptedKey: Buffer.alloc(3, 1).toString('base64') }, // wrong length
      { ...token, ciphertext: flip(token.ciphertext, 0) }, // AES-GCM fails
      { ...token, authTag: flip(token.authTag, 15) },
      { ...token, iv: flip(token.iv, 0) },
    ];
    const errors = await Promise.all(variants.map((v) => decryptor.decrypt(v).then(() => null, (e: unknown) => e)));
    for (const error of errors) {
      expect(error).toBeInstanceOf(TokenError);
      expect(error).toMatchObject({ code: 'TOKEN_UNDECRYPTABLE', message: (errors[0] as Error).message });
    }
    await expect(decryptor.decrypt(token)).resolves.toBeTruthy();
  });
});
