// bench/server.mjs's event-loop p99 per contender: only the delay inside that contender's
// rounds may count. Node's monitorEventLoopDelay, enabled again after disable(), records as
// its first sample the whole time since its last sample, i.e. the other contenders' rounds
// (README/CONTRIBUTING: ours' concurrent p99 read 356 ms for that reason). The event loop is
// blocked for 1.5 s between two short idle rounds: no sample of the rounds themselves comes
// near that (they are idle timer ticks of about 1 ms), unless the gap is counted.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLoopDelay } from '../../bench/loop-delay.mjs';

const GAP_MS = 1500;

function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end); // another contender's round, from this histogram's point of view
}

describe('createLoopDelay', () => {
  it('counts only the rounds it was given, not the time between them', async () => {
    const delay = createLoopDelay();
    await delay.during(() => sleep(30));
    const afterFirst = delay.count();
    blockEventLoop(GAP_MS);
    await delay.during(() => sleep(30));
    expect(delay.count()).toBeGreaterThan(afterFirst); // the second round was recorded
    expect(delay.maxMs()).toBeLessThan(GAP_MS);
  });

  it('counts a round that never lets the event loop turn as one delay as long as the round', async () => {
    const delay = createLoopDelay();
    await delay.during(async () => blockEventLoop(50)); // e.g. 38 synchronous decrypts started in one macrotask
    expect(delay.count()).toBe(1);
    expect(delay.maxMs()).toBeGreaterThanOrEqual(50);
  });

  it('resolves what the round resolves and records rejected rounds too', async () => {
    const delay = createLoopDelay();
    await expect(delay.during(async () => 7)).resolves.toBe(7);
    await expect(delay.during(async () => { await sleep(10); throw new Error('round failed'); })).rejects.toThrow('round failed');
    expect(delay.count()).toBeGreaterThan(0);
  });
});
