// db/unit-size.ts: a job's units on PGlite sized by their time (issue 38 goal 3), fed made-up
// holds so nothing here depends on the machine's speed.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fitCosts, startHold, unitSizer } from '../../packages/sandbox/db/unit-size.js';

/** Feeds a sizer units whose hold is ownMs + perItemMs x size, and returns the sizes it chose. */
const run = (ownMs: number, perItemMs: number, units = 30, bounds = { first: 8, min: 2, max: 200, targetMs: 25 }) => {
  const sizer = unitSizer(bounds);
  const sizes: number[] = [];
  for (let i = 0; i < units; i++) {
    sizes.push(sizer.size);
    sizer.took(sizer.size, ownMs + perItemMs * sizer.size);
  }
  return sizes;
};

it('tells a unit\'s own cost from its cost per item', () => {
  expect(fitCosts([{ count: 2, ms: 14 }, { count: 10, ms: 30 }, { count: 6, ms: 22 }])).toEqual({ ownMs: 10, perItemMs: 2 });
  expect(fitCosts([{ count: 5, ms: 10 }, { count: 5, ms: 12 }])).toBeUndefined(); // one size: cannot tell
});

it('a cheap unit grows to what fits in the target, and never past max or below min', () => {
  fc.assert(fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0.01, max: 50, noNaN: true }), (ownMs, perItemMs) => {
    const sizes = run(ownMs, perItemMs);
    expect(sizes.every((size) => size >= 2 && size <= 200)).toBe(true);
    // Settled: the last units hold about the target (or the bounds decide).
    const last = sizes.at(-1)!;
    const fits = Math.max(2, Math.min(200, Math.floor((25 - ownMs) / perItemMs)));
    if (ownMs < 12.5) expect(Math.abs(last - fits)).toBeLessThanOrEqual(Math.max(1, fits / 4));
  }));
});

it('where a unit\'s own cost is over the target, units stop shrinking where items cost about as much (not down to one item)', () => {
  const sizes = run(100, 4); // a loaded machine: 100 ms whatever the size, 4 ms an item
  expect(sizes.slice(-5).every((size) => size >= 20 && size <= 30)).toBe(true); // own 100 ms / 4 ms an item = 25
});

it('settles at one size when a unit has no own cost (a fit a hair below 0 swung it between 5 and 8)', () => {
  const sizes = run(0, 3.8894857420575835);
  expect(new Set(sizes.slice(-20))).toEqual(new Set([6])); // 25 ms / 3.89 ms an item
});

it('a hold is the CPU a unit used, not the time it was kept waiting (a preempted process on a loaded machine), and its wall time when that is less', () => {
  // Timed in a process of its own (support/hold-timing.ts says why).
  const { waitedMs, busyMs, busyWallMs } = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'test/sandbox/support/hold-timing.ts'], { encoding: 'utf8' }));
  expect(waitedMs).toBeLessThan(20);
  expect(busyMs).toBeGreaterThanOrEqual(15);
  expect(busyMs).toBeLessThanOrEqual(busyWallMs);
});
