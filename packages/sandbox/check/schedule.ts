// When each scenario plays (run.ts): a few at once, as far as the sandbox can tell their records
// apart (attribution.ts). A scenario that types every payment's card shares the run with others;
// one that issues a PIX or a boleto (no card, no name) plays beside those only, never beside
// another of its kind, so the records no card names are its own; one that arms a fault for the
// whole company (the dropped answer) plays alone, its judgement included.
import type { Scenario } from './scenarios.js';

export type Slot = 'together' | 'leftovers' | 'alone';

/** The check's default for --concurrency: a shopper mostly waits (pages, answers, webhooks), so a few play at once. */
export const DEFAULT_CONCURRENCY = 3;

export function slotOf(scenario: Scenario): Slot {
  // POST /sandbox/v1/faults/drops arms the company's next payment call, whoever makes it.
  if (scenario.steps.some((s) => s.do === 'drop-next-answer')) return 'alone';
  if (scenario.steps.some((s) => s.do === 'pay-slip')) return 'leftovers';
  return 'together';
}

/** Which first when several may start: the one that must be alone while nothing plays, then the one-at-a-time ones (the longest chain). */
const PRIORITY: Record<Slot, number> = { alone: 0, leftovers: 1, together: 2 };

/**
 * Runs `job` for each item, at most `concurrency` playing at once, at most one `leftovers` playing,
 * and an `alone` one with nothing else started or unfinished. A job calls `played()` once its
 * shopper is done (its slot is then free; its judgement may go on) and resolves once judged.
 * Resolves when every job has; rejects with the first job's error, starting no other.
 */
export function schedule<T>(items: readonly T[], slotOf: (item: T) => Slot, concurrency: number, job: (item: T, played: () => void) => Promise<void>): Promise<void> {
  const pending = items.map((item) => ({ item, slot: slotOf(item) })).sort((a, b) => PRIORITY[a.slot] - PRIORITY[b.slot]);
  let playing = 0;
  let unfinished = 0;
  let leftoversPlaying = false;
  let aloneUnfinished = false;
  let failed = false;
  return new Promise((resolve, reject) => {
    const next = () => {
      if (failed) return;
      for (let i = 0; i < pending.length;) {
        const { item, slot } = pending[i]!;
        const may = !aloneUnfinished && playing < Math.max(1, concurrency) && (slot === 'alone' ? unfinished === 0 : slot !== 'leftovers' || !leftoversPlaying);
        if (!may) { i++; continue; }
        pending.splice(i, 1);
        start(item, slot);
      }
      if (!pending.length && !unfinished) resolve();
    };
    const start = (item: T, slot: Slot) => {
      playing++;
      unfinished++;
      if (slot === 'leftovers') leftoversPlaying = true;
      if (slot === 'alone') aloneUnfinished = true;
      let freed = false;
      const played = () => {
        if (freed) return;
        freed = true;
        playing--;
        if (slot === 'leftovers') leftoversPlaying = false;
        // Later, not inside the loop of next() that may be running now.
        queueMicrotask(next);
      };
      job(item, played).then(() => {
        played();
        unfinished--;
        if (slot === 'alone') aloneUnfinished = false;
        next();
      }, (error: unknown) => { failed = true; reject(error); });
    };
    next();
  });
}
