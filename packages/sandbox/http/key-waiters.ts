// Requests waiting on an Idempotency-Key in flight in this process: woken as
// soon as its owner stores or frees the key, else after `ms` (the owner may be
// another process on the same PostgreSQL, seen only by looking again).
export interface KeyWaiters {
  wait(id: string, ms: number): Promise<void>;
  wake(id: string): void;
}

export function keyWaiters(): KeyWaiters {
  const waiting = new Map<string, Set<() => void>>();
  return {
    wait: (id, ms) => new Promise<void>((resolve) => {
      const set = waiting.get(id) ?? new Set();
      waiting.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && waiting.get(id) === set) waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    }),
    wake(id) {
      for (const done of [...(waiting.get(id) ?? [])]) done();
    },
  };
}
