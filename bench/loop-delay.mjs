// Event-loop delay over the rounds of one contender only, for bench/server.mjs.
//
// Why not one monitorEventLoopDelay per contender, enabled around each of its rounds: Node keeps
// the histogram's previous timestamp across disable(), so the first sample after enable() is
// the whole time it was disabled, i.e. the other contenders' rounds; those 8 huge samples were
// ours' concurrent p99 (356 ms). Node 20 cannot merge such histograms (add() takes only a
// RecordableHistogram), so each round gets a fresh RecordableHistogram fed the way
// monitorEventLoopDelay feeds its own: a 1 ms repeating timer recording the time between its
// ticks (recordDelta; its first call records nothing), and once more at the round's end. The
// rounds are merged with add().
import { createHistogram } from 'node:perf_hooks';

const RESOLUTION_MS = 1;

/** One contender's event-loop delay: call `during` around each of its rounds, read it at the end. */
export function createLoopDelay() {
  const merged = createHistogram();
  return {
    /** Resolves what `run()` resolves, the event loop's delay recorded meanwhile. */
    async during(run) {
      const round = createHistogram();
      round.recordDelta();
      const ticks = setInterval(() => round.recordDelta(), RESOLUTION_MS);
      try {
        return await run();
      } finally {
        clearInterval(ticks);
        round.recordDelta(); // the loop's delay since its last tick: a round that never yields is one long delay
        merged.add(round);
      }
    },
    percentileMs: (p) => (merged.count ? merged.percentile(p) / 1e6 : 0),
    maxMs: () => merged.max / 1e6,
    count: () => merged.count,
  };
}
