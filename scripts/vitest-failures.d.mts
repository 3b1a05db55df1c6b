// Types of vitest-failures.mjs for the TypeScript tests.
export interface Failure { file: string; title: string }
export function vitestFailures(report: unknown, root?: string): Failure[];
