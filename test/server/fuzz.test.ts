// fast-check: random and mutated tokens never give anything but the table's codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDecryptor, TokenError } from '../../src/server/index.js';
import { TABLE_CODES } from './support/codes.js';
import { importPublic, seal } from './support/seal.js';
import { decryptVectorKeys, decryptVectors, readSharedKey } from '../../test-support/shared-vectors.mjs';

const NOW = 1_800_000_005;
const decryptor = await createDecryptor({ keys: decryptVectorKeys(), now: () => NOW * 1000 });
const valid = decryptVectors().vectors.find((v) => v.name === 'valid-2048')!;

const validCard = (valid.expect as { paymentProfile: Record<string, string> }).paymentProfile;

/**
 * Card data never reaches an error message: no digit run equal to the number or a cvv of 3+ digits.
 * Set aside: the options in "120 s"/"600 s"; the rules' own 1-2 digit numbers ("13 to 19 digits") never match a real cvv.
 */
function expectNoCardData(message: string, card: { cardNumber?: unknown; cardCvv?: unknown }): void {
  const digitRuns = message.replace(/\b(120|600) s\b/g, '').match(/\d+/g) ?? [];
  for (const secret of [card.cardNumber, card.cardCvv]) if (typeof secret === 'string' && secret.length >= 3) expect(digitRuns).not.toContain(secret);
  if (typeof card.cardNumber === 'string' && card.cardNumber.length >= 8) expect(message).not.toContain(card.cardNumber);
}

/** Resolves with the vector's own card, or rejects with a code of the table, and no card data in the message: nothing else. */
async function onlyTableOutcomes(token: unknown): Promise<void> {
  try {
    const result = await decryptor.decrypt(token);
    expect(result.paymentProfile).toStrictEqual(validCard);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenError);
    expect(TABLE_CODES).toContain((error as TokenError).code);
    expectNoCardData((error as TokenError).message, validCard);
  }
}

const member = fc.constantFrom('keyId', 'encryptedKey', 'iv', 'ciphertext', 'authTag');

describe('fuzz', () => {
  it('any value at all', async () => {
    await fc.assert(fc.asyncProperty(fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true }), onlyTableOutcomes), { numRuns: 300 });
  });

  it('token-shaped objects with random members', async () => {
    const text = fc.oneof(fc.string(), fc.base64String(), fc.constantFrom('v1', 'v3072', '2027-01.rot_b', 'nope'));
    const shaped = fc.record(
      { keyId: text, encryptedKey: fc.oneof(text, fc.uint8Array({ minLength: 256, maxLength: 256 }).map((b) => Buffer.from(b).toString('base64'))), iv: text, ciphertext: text, authTag: text },
      { requiredKeys: [] },
    );
    await fc.assert(fc.asyncProperty(shaped, onlyTableOutcomes), { numRuns: 300 });
  });

  it('mutations of a valid token', async () => {
    const token = valid.token as Record<string, string>;
    const mutation = fc.tuple(member, fc.nat(), fc.constantFrom('replace', 'delete', 'insert', 'truncate'), fc.constantFrom(...'A/+=_-. 0z'));
    await fc.assert(
      fc.asyncProperty(mutation, async ([name, at, how, char]) => {
        const value = token[name]!;
        const i = at % (value.length + 1);
        const mutated =
          how === 'replace' ? value.slice(0, i) + char + value.slice(i + 1)
          : how === 'delete' ? value.slice(0, i) + value.slice(i + 1)
          : how === 'insert' ? value.slice(0, i) + char + value.slice(i)
          : value.slice(0, i);
        await onlyTableOutcomes({ ...token, [name]: mutated });
      }),
      { numRuns: 300 },
    );
  });

  it('authentic tokens around random plaintexts: accepted only when the payload meets step 1', async () => {
    const publicKey = await importPublic(readSharedKey('rsa-2048-public.pem'));
    // mostly valid members (so both outcomes occur), sometimes anything at all
    const field = (good: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 }, { arbitrary: fc.anything(), weight: 1 });
    const payload = fc.record(
      {
        holderName: field(fc.constantFrom('A', 'JOSÉ Ü', ' X '), fc.constantFrom('', ' \t')),
        cardNumber: field(fc.stringMatching(/^[0-9]{13,19}$/), fc.stringMatching(/^[0-9 ]{0,12}$|^[0-9]{20,}$|^[0-9]{15}[a ]$/)),
        cardExpiration: field(fc.stringMatching(/^(0[1-9]|1[0-2])\/[0-9]{4}$/), fc.stringMatching(/^(00|1[3-9]|[0-9])\/[0-9]{2,4}$/)),
        cardCvv: field(fc.stringMatching(/^[0-9]{3,4}$/), fc.stringMatching(/^[0-9]{0,2}$|^[0-9]{5}$/)),
        iat: field(fc.integer({ min: NOW - 800, max: NOW + 200 }), fc.constantFrom(1.5, -1, '1800000000', 2 ** 53)),
        jti: field(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), fc.stringMatching(/^[A-Za-z0-9_-]{21}$|^[A-Za-z0-9+/=]{22}$/)),
      },
      { requiredKeys: ['holderName', 'cardNumber', 'cardExpiration', 'cardCvv', 'iat'] },
    );
    const plaintext = fc.oneof({ arbitrary: payload.map((p) => JSON.stringify(p)), weight: 8 }, fc.string(), fc.json());
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(plaintext, async (text) => {
        const token = await seal(new TextEncoder().encode(text), publicKey, 'v1');
        try {
          const { paymentProfile, tokenId, issuedAt } = await decryptor.decrypt(token);
          seen.add('accepted');
          const sent = JSON.parse(text) as Record<string, unknown>;
          expect({ ...paymentProfile, jti: tokenId, iat: issuedAt }).toStrictEqual({
            holderName: sent.holderName, cardNumber: sent.cardNumber, cardExpiration: sent.cardExpiration, cardCvv: sent.cardCvv, jti: sent.jti, iat: sent.iat,
          });
          expect(paymentProfile.holderName.trim()).not.toBe('');
          expect(paymentProfile.cardNumber).toMatch(/^[0-9]{13,19}$/);
          expect(paymentProfile.cardExpiration).toMatch(/^(0[1-9]|1[0-2])\/[0-9]{4}$/);
          expect(paymentProfile.cardCvv).toMatch(/^[0-9]{3,4}$/);
          expect(tokenId).toMatch(/^[A-Za-z0-9_-]{22}$/);
          expect(Number.isSafeInteger(issuedAt) && NOW - issuedAt <= 600 && issuedAt - NOW <= 120).toBe(true);
        } catch (error) {
          if (!(error instanceof TokenError)) throw error;
          seen.add(error.code);
          const sent: unknown = (() => { try { return JSON.parse(text); } catch { return null; } })();
          if (sent !== null && typeof sent === 'object') expectNoCardData(error.message, sent as Record<string, unknown>);
          expect(['TOKEN_INVALID_PAYLOAD', 'TOKEN_NOT_YET_VALID', 'TOKEN_EXPIRED', 'TOKEN_REUSED']).toContain(error.code);
        }
      }),
      { numRuns: 250 },
    );
    // the property was exercised on both sides
    expect(seen).toContain('accepted');
    expect(seen).toContain('TOKEN_INVALID_PAYLOAD');
  });
});
