// Background work's units sized by time, not by count (issue 38 goal 3). On PGlite (one
// connection) a request that arrives while a job's transaction is open waits for all of it: a
// unit of 50 subscriptions or 25 batch items held the database 200-500 ms on a loaded machine.
// A unit's hold is its own cost (a set-wise unit's few statements, whatever its size) plus a
// cost per item; both are fitted on the last units (least squares), and the next unit is as
// large as fits in UNIT_TARGET_MS (at most twice the last). Where the unit's own cost alone is over the target (a slow
// or loaded machine), shrinking further would multiply the job's units without shortening any
// wait much: the items then cost about as much as the unit's own part (a hold at most about
// twice the shortest possible).
/** How long one background unit should hold PGlite: what a request may wait behind it. */
export const UNIT_TARGET_MS = 25;
const SAMPLES = 8;

export interface UnitSizer {
  /** The next unit's size. */
  readonly size: number;
  /** A unit of `count` items held the database `ms`. */
  took(count: number, ms: number): void;
}

/** The unit's own cost and the cost per item, fitted on `samples`; undefined while they cannot tell them apart. */
export function fitCosts(samples: readonly { count: number; ms: number }[]): { ownMs: number; perItemMs: number } | undefined {
  const n = samples.length;
  if (n < 2) return undefined;
  const meanCount = samples.reduce((sum, s) => sum + s.count, 0) / n;
  const meanMs = samples.reduce((sum, s) => sum + s.ms, 0) / n;
  const spread = samples.reduce((sum, s) => sum + (s.count - meanCount) ** 2, 0);
  if (spread === 0) return undefined;
  const perItemMs = samples.reduce((sum, s) => sum + (s.count - meanCount) * (s.ms - meanMs), 0) / spread;
  const ownMs = meanMs - perItemMs * meanCount;
  if (!(perItemMs > 0)) return undefined;
  // No own cost to speak of (its fit a hair below 0, or noise): all of the hold is per item. Left
  // undefined instead, a settled sizer fell back on older fits and swung between sizes (5 to 8 and
  // back, for 3.9 ms an item and nothing of its own: test/sandbox/unit-size.test.ts's property).
  return ownMs >= 0 ? { ownMs, perItemMs } : { ownMs: 0, perItemMs: meanMs / meanCount };
}

/**
 * Starts timing a unit's hold; the answer is its ms: the process's CPU time over it, or its wall time when that is less
 * (a unit that waited). Not the wall time alone: on a loaded machine (load 12-28 on 2 cores, session 35) the scheduler's
 * preemption stretched every hold 3-10x, the sizer shrank the clock's chunks to 2-5 subscriptions, and their own
 * statements multiplied (PGlite 365 days x 200: 9,601 statements and 38.7 s of CPU; timed by CPU, 1,961 and 8.2 s), which only added work:
 * a request waits behind a preempted unit no less because the unit is small. Idle, CPU and wall are alike.
 */
export function startHold(): () => number {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(cpu);
    return Math.min(performance.now() - wall, (user + system) / 1000);
  };
}

const scaled = ({ ownMs, perItemMs }: { ownMs: number; perItemMs: number }, by: number) => ({ ownMs: ownMs * by, perItemMs: perItemMs * by });

export function unitSizer({ first, min, max, targetMs = UNIT_TARGET_MS }: { first: number; min: number; max: number; targetMs?: number }): UnitSizer {
  const clamp = (n: number) => Math.max(min, Math.min(max, Math.floor(n)));
  const samples: { count: number; ms: number }[] = [];
  let size = clamp(first);
  let lastFit: ReturnType<typeof fitCosts>;
  return {
    get size() { return size; },
    took(count, ms) {
      if (count <= 0) return;
      samples.push({ count, ms });
      if (samples.length > SAMPLES) samples.shift();
      // Settled at one size, the samples no longer tell the costs apart: the last fit, scaled to
      // their mean hold (a machine that got busier makes both costs grow).
      const meanMs = samples.reduce((sum, s) => sum + s.ms, 0) / samples.length;
      const meanCount = samples.reduce((sum, s) => sum + s.count, 0) / samples.length;
      const fit = fitCosts(samples) ?? (lastFit && scaled(lastFit, meanMs / (lastFit.ownMs + lastFit.perItemMs * meanCount)));
      lastFit = fit;
      if (!fit) {
        // Not told apart yet (the units all of one size): per item, the unit's own cost included.
        // Unless it settled there, the next size differs, and the fit can tell them apart.
        size = clamp(Math.min(2 * count, targetMs / Math.max(ms / count, 0.05)));
        return;
      }
      const { ownMs, perItemMs } = fit;
      // At most twice the last unit: a fit on a few noisy holds must not send one unit far past what was seen.
      size = clamp(Math.min(2 * count, ownMs < targetMs / 2 ? (targetMs - ownMs) / perItemMs : ownMs / perItemMs));
    },
  };
}
