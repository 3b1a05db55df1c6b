// Every case of test/vectors/validation-vectors.json: the codes in order, and for the
// valid ones a token that decrypts (node:crypto) to the step-1 plaintext of TOKEN-FORMAT.md.
import { describe, expect, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { encryptAnything } from './support/encrypt-anything.js';
import { decryptWithNode } from './support/decrypt.js';
import { expectPlaintext } from './support/plaintext.js';
import { privateKeyFor } from './support/private-keys.js';
import { validationVectors } from '../../test-support/shared-vectors.mjs';

const cases = validationVectors();

describe('validation vectors', () => {
  it('has cases of every kind', () => {
    expect(cases.filter((c) => c.errors.length === 0).length).toBeGreaterThan(5);
    expect(cases.filter((c) => c.errors.length > 0).length).toBeGreaterThan(5);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s gives the listed codes, in order', async (_name, vector) => {
    const result = await encryptAnything(vector.input);
    expect(result.errors.map((e) => e.code)).toEqual(vector.errors);
    expect(result.hasErrors).toBe(vector.errors.length > 0);
    if (result.hasErrors) expect(result.encryptedCard).toBeNull();
  });

  const valid = cases.filter((c) => c.errors.length === 0);
  it.each(valid.map((c) => [c.name, c] as const))('%s decrypts to the step-1 plaintext', async (_name, vector) => {
    const result = await encryptAnything(vector.input);
    if (result.hasErrors) throw new Error(`unexpected errors ${JSON.stringify(result.errors)}`);
    const token = result.encryptedCard;
    expect(token.keyId).toBe(vector.input.keyId ?? 'v1');
    const payload = decryptWithNode(token, privateKeyFor(vector.input.publicKey as string));
    expectPlaintext(payload, vector.input);
  });
});
