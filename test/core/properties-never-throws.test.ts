// Any input gives a result, never a throw; codes come only from the six, in table order
// (API reference 4.9, STYLE.md habit 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { cardLike, hostile } from './support/arbitraries.js';
import { PUBLIC_2048 } from './support/private-keys.js';

const ORDER = ['INVALID_HOLDER', 'INVALID_NUMBER', 'INVALID_EXPIRATION_MONTH', 'INVALID_EXPIRATION_YEAR', 'INVALID_SECURITY_CODE', 'INVALID_PUBLIC_KEY'];

let generated = 0; // issue 2: at least 10,000 generated inputs in this file

async function expectWellFormedResult(input: unknown): Promise<void> {
  generated++;
  const result = await encryptAnything(input); // a rejection fails the property
  expect(result.hasErrors).toBe(result.errors.length > 0);
  if (result.hasErrors) {
    expect(result.encryptedCard).toBeNull();
    const positions = result.errors.map((e) => ORDER.indexOf(e.code));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b)); // table order, each once
    for (const error of result.errors) expect(typeof error.message).toBe('string');
  } else {
    expect(Object.keys(result.encryptedCard).sort()).toEqual(['authTag', 'ciphertext', 'encryptedKey', 'iv', 'keyId']);
  }
}

// Thousands of generated inputs each: a generous timeout, so a busy machine cannot fail them (no timing is asserted).
describe('encryptCard never throws', { timeout: 120_000 }, () => {
  it('for anything at all (4,500 inputs)', async () => {
    await fc.assert(fc.asyncProperty(fc.anything(), expectWellFormedResult), { numRuns: 4500 });
  });

  it('for card-like objects whose members may be of any type (4,000 inputs)', async () => {
    await fc.assert(fc.asyncProperty(cardLike(PUBLIC_2048), expectWellFormedResult), { numRuns: 4000 });
  });

  it('for throwing getters, Proxies and values that cannot become strings (1,500 inputs)', async () => {
    await fc.assert(fc.asyncProperty(hostile(PUBLIC_2048), (make) => expectWellFormedResult(make())), { numRuns: 1500 });
  });

  it('for huge strings in every member, quickly (20 inputs)', async () => {
    const huge = fc.constantFrom('4', ' ', 'A', '-----BEGIN PUBLIC KEY-----', '\u00a0').map((unit) => unit.repeat(2_000_000));
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(huge, fc.constantFrom('holder', 'number', 'expMonth', 'expYear', 'securityCode', 'publicKey', 'keyId'), async (text, field) => {
        const input: Record<string, unknown> = { holder: 'A', number: '4111111111111111', expMonth: '1', expYear: '2030', securityCode: '123', publicKey: PUBLIC_2048 };
        input[field] = text;
        await expectWellFormedResult(input);
      }),
      { numRuns: 20 },
    );
    expect(Date.now() - started).toBeLessThan(20_000); // a hang, not a slow machine, would break this
  }, 30_000);

  it('ran at least 10,000 generated inputs in all (tests run in order)', () => {
    expect(generated).toBeGreaterThanOrEqual(10_000);
  });
});
