// Age and replay at the edges (TOKEN-FORMAT.md acceptance table): compared in whole seconds
// like iat (600.5 s is 600 s, accepted; 601 s expired), and the token id outlives the token.
import { describe, expect, it } from 'vitest';
import { createDecryptor, createMemoryReplayStore, type ReplayStore } from '../../src/server/index.js';
import { openCard } from './support/cards.js';
import { codeOf } from './support/codes.js';
import { importPublic, seal } from './support/seal.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';

const IAT = 1_800_000_000;
const publicKey = await importPublic(readSharedKey('rsa-2048-public.pem'));
const keys = { v1: readSharedKey('rsa-2048-private.pem') };
let serial = 0;

/** A token issued at IAT with a fresh jti. */
async function token() {
  const jti = `boundary${String(serial++).padStart(14, '0')}`;
  return seal(new TextEncoder().encode(JSON.stringify({ ...openCard, iat: IAT, jti })), publicKey, 'v1');
}

/** A decryptor whose clock (ms) is `clock.ms`, and whose memory store reads the same clock. */
async function decryptorOn(clock: { ms: number }, replayStore?: ReplayStore) {
  return createDecryptor({ keys, now: () => clock.ms, replayStore });
}

const at = async (ms: number) => (await decryptorOn({ ms })).decrypt(await token());

describe('freshness in whole seconds', () => {
  it('accepts an age of 600.5 s and 600.999 s (600 s inclusive), refuses 601 s', async () => {
    await expect(at((IAT + 600) * 1000 + 500)).resolves.toMatchObject({ issuedAt: IAT });
    await expect(at((IAT + 600) * 1000 + 999)).resolves.toMatchObject({ issuedAt: IAT });
    expect(await codeOf(at((IAT + 601) * 1000))).toBe('TOKEN_EXPIRED');
  });

  it('accepts iat up to 120 s ahead (whole seconds), refuses 121 s', async () => {
    await expect(at((IAT - 120) * 1000)).resolves.toMatchObject({ issuedAt: IAT });
    expect(await codeOf(at((IAT - 121) * 1000 + 999))).toBe('TOKEN_NOT_YET_VALID');
  });
});

describe('replay at the boundary', () => {
  it('a token first used at the earliest moment is still refused at its last valid millisecond', async () => {
    const clock = { ms: (IAT - 120) * 1000 };
    const decryptor = await decryptorOn(clock, createMemoryReplayStore({ now: () => clock.ms }));
    const used = await token();
    await decryptor.decrypt(used);
    for (const ms of [(IAT + 600) * 1000, (IAT + 600) * 1000 + 500, (IAT + 600) * 1000 + 999]) {
      clock.ms = ms;
      expect(await codeOf(decryptor.decrypt(used))).toBe('TOKEN_REUSED');
    }
    clock.ms = (IAT + 601) * 1000;
    expect(await codeOf(decryptor.decrypt(used))).toBe('TOKEN_EXPIRED');
  });

  it('asks the store to keep the id for max age + tolerance + 1 s', async () => {
    const ttls: number[] = [];
    const store: ReplayStore = { recordOnce: (_id, ttl) => (ttls.push(ttl), true) };
    await (await createDecryptor({ keys, now: () => IAT * 1000, replayStore: store, maxAgeSeconds: 60, clockToleranceSeconds: 5 })).decrypt(await token());
    await (await decryptorOn({ ms: IAT * 1000 }, store)).decrypt(await token());
    expect(ttls).toEqual([66, 721]);
  });
});
