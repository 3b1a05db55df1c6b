// Types of engine-counts.mjs for the TypeScript tests.
export interface Counts { passed: number; failed: number; skipped: number }
export interface Skip { engine: string; title: string; reason: string }
export interface EngineFailure { engine: string; title: string }
export function engineCounts(...playwrightReports: unknown[]): { counts: Record<string, Counts>; skips: Skip[]; failures: EngineFailure[]; flaky: EngineFailure[] };
export function formatEngineCounts(counts: Record<string, Counts>): string;
