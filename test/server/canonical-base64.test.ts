// One spelling per token: base64 whose padding bits are not zero (RFC 4648 section 3.5) is
// refused, so `AB==` does not pass for `AA==` (a replayed token cannot be re-spelled).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../src/internal/base64.js';
import { createDecryptor, fromCompactJwe, toCompactJwe } from '../../src/server/index.js';
import { codeOf } from './support/codes.js';
import { decryptVectorKeys, decryptVectors } from '../../test-support/shared-vectors.mjs';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The same bytes spelled with non-zero padding bits: the last character before '=' + `bits`. */
function respell(text: string, bits: number): string {
  const at = text.replace(/=+$/, '').length - 1;
  return text.slice(0, at) + ALPHABET[ALPHABET.indexOf(text[at]!) ^ bits] + text.slice(at + 1);
}

describe('canonical base64 only', () => {
  it('refuses AB== and friends, takes AA==', () => {
    expect(fromBase64('AA==')).toStrictEqual(new Uint8Array([0]));
    for (const text of ['AB==', 'AP==', 'AAB=', 'AAD=']) expect(fromBase64(text)).toBeNull();
  });

  it('for any bytes: the canonical text decodes to them, every other spelling is null', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((b) => b.length % 3 !== 0), fc.integer({ min: 1, max: 15 }), (bytes, bits) => {
        const text = toBase64(bytes);
        expect(fromBase64(text)).toStrictEqual(bytes);
        const padding = bytes.length % 3 === 1 ? 15 : 3; // 4 or 2 spare bits
        expect(fromBase64(respell(text, bits & padding || 1))).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('a re-spelled token or JWE is TOKEN_MALFORMED', async () => {
    const valid = decryptVectors().vectors.find((v) => v.name === 'valid-2048')!;
    const decryptor = await createDecryptor({ keys: decryptVectorKeys(), now: () => valid.now * 1000 });
    const token = valid.token as Record<string, string>;
    expect(token.authTag).toMatch(/==$/);
    expect(await codeOf(decryptor.decrypt({ ...token, authTag: respell(token.authTag!, 1) }))).toBe('TOKEN_MALFORMED');
    const compact = toCompactJwe(token).split('.');
    compact[4] = compact[4]!.slice(0, -1) + ALPHABET[ALPHABET.indexOf(compact[4]!.at(-1)!) ^ 1]!.replace('+', '-').replace('/', '_');
    expect(() => fromCompactJwe(compact.join('.'))).toThrow(/jwe\.tag/);
    await expect(decryptor.decrypt(token)).resolves.toMatchObject({ keyId: 'v1' });
  });
});
