// 1,000 simultaneous decrypts of one token: exactly one success (single use).
import { describe, expect, it } from 'vitest';
import { createDecryptor, TokenError } from '../../src/server/index.js';
import { tokenFor } from './support/cards.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

describe('concurrency, in-memory store', () => {
  it('1,000 simultaneous decrypts of one token give exactly one success and 999 TOKEN_REUSED', async () => {
    const decryptor = await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } });
    const token = await tokenFor(readSharedKey('rsa-2048-public.pem'));
    const outcomes = await Promise.allSettled(Array.from({ length: 1000 }, () => decryptor.decrypt(token)));
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const reused = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof TokenError && o.reason.code === 'TOKEN_REUSED');
    expect(fulfilled).toHaveLength(1);
    expect(reused).toHaveLength(999);
  });
});
