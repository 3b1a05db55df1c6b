// Issue 14 defect 9: encryptedKey decodes to the modulus length in bytes (TOKEN-FORMAT.md "The
// token"). Any other length is an RSA decryption error (RFC 8017 7.1.2 step 1.b), so the third row
// of the table: TOKEN_UNDECRYPTABLE, the same for every length, whatever OpenSSL would accept. A
// token with its leading zero byte dropped is another text of the same token: refused (one token,
// one text), as Python `cryptography` refuses it.
import { describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { tokenFor } from './support/cards.js';
import { codeOf } from './support/codes.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

describe.each([2048, 4096])('encryptedKey length, RSA-%i', (bits) => {
  const publicPem = readSharedKey(`rsa-${bits}-public.pem`);
  const keys = { v1: readSharedKey(`rsa-${bits}-private.pem`) };
  const modulusBytes = bits / 8;

  it('a token whose encryptedKey starts with a zero byte: with the zero dropped it is TOKEN_UNDECRYPTABLE, as sent it is accepted', async () => {
    let token = await tokenFor(publicPem);
    for (let i = 0; bytesOf(token.encryptedKey)[0] !== 0; i++) {
      if (i > 5_000) throw new Error('no encryptedKey with a leading zero byte in 5,000 tokens');
      token = await tokenFor(publicPem);
    }
    const decryptor = await createDecryptor({ keys });
    const short = { ...token, encryptedKey: b64(bytesOf(token.encryptedKey).subarray(1)) };
    expect(await codeOf(decryptor.decrypt(short))).toBe('TOKEN_UNDECRYPTABLE');
    await expect(decryptor.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' });
  });

  it('every other length is TOKEN_UNDECRYPTABLE (empty, short, one byte off, longer)', async () => {
    const token = await tokenFor(publicPem);
    const decryptor = await createDecryptor({ keys });
    const full = bytesOf(token.encryptedKey);
    const lengths = [0, 1, 2, 32, modulusBytes / 2, modulusBytes - 2, modulusBytes - 1, modulusBytes + 1, modulusBytes + 2, modulusBytes * 2];
    const codes = await Promise.all(
      lengths.map((n) => {
        const encryptedKey = new Uint8Array(n);
        encryptedKey.set(n < modulusBytes ? full.subarray(modulusBytes - n) : full, Math.max(0, n - modulusBytes));
        return codeOf(decryptor.decrypt({ ...token, encryptedKey: b64(encryptedKey) }));
      }),
    );
    expect(new Set(codes)).toEqual(new Set(['TOKEN_UNDECRYPTABLE']));
    await expect(decryptor.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' });
  });
});
