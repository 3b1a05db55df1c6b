// How the sandbox answers a decryptor's refusals (part 7 bodies): the token codes are the
// buyer's 400s; a replay store or a decrypt worker that is down is the service's 503, the
// token left unused (retry); anything else stays an unexpected error (500).
import { describe, expect, it } from 'vitest';
import { DecryptorUnavailableError, ReplayStoreError, TokenError } from '../../src/server/index.js';
import { ApiError } from '../../packages/sandbox/base/errors.js';
import { openCard } from '../../packages/sandbox/payment/open-card.js';

const refusing = (error: unknown) => ({ decrypt: () => Promise.reject(error) });
const answerTo = (error: unknown) => openCard({ token: {} }, refusing(error)).then(() => 'accepted', (thrown: unknown) => thrown);

describe('openCard', () => {
  it.each([
    [new TokenError('TOKEN_REUSED', 'used'), 400, 'TOKEN_REUSED'],
    [new ReplayStoreError('down'), 503, 'REPLAY_STORE_UNAVAILABLE'],
    [new DecryptorUnavailableError('worker stopped'), 503, 'DECRYPTOR_UNAVAILABLE'],
  ] as const)('%s answers %i %s on the token field', async (error, status, code) => {
    const answer = await answerTo(error);
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ status, code, messages: [{ type: 'field', path: 'token' }] });
  });

  it('lets any other failure through as itself (the server answers 500)', async () => {
    const failure = new Error('bug');
    expect(await answerTo(failure)).toBe(failure);
  });
});
