// Types of loop-delay.mjs for the TypeScript tests.
export interface LoopDelay {
  during<T>(run: () => Promise<T>): Promise<T>;
  percentileMs(p: number): number;
  maxMs(): number;
  count(): number;
}
export function createLoopDelay(): LoopDelay;
