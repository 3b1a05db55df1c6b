// Polls a condition that another process or connection makes true: how long it took, or a
// failure past its bound.

/** How long until `seen` holds (polled every 10 ms); fails past `bound` ms. */
export async function within(bound: number, seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > bound) throw new Error(`not seen within ${bound} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}
