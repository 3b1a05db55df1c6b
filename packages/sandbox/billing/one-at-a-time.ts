// Two clock moves of one company run one after the other: each day of a move
// is its own transaction (engine.ts), so without this a second move could bill
// the days the first has not reached yet. Kept in the process; across
// processes on one PostgreSQL a claim does the same (routes/clock.ts).
const tails = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(() => {}, () => {});
  tails.set(key, tail);
  void tail.then(() => { if (tails.get(key) === tail) tails.delete(key); });
  return run;
}
