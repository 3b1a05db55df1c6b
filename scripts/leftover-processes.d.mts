// Types of leftover-processes.mjs for the TypeScript tests.
export interface MarkedProcess { pid: number; command: string }
export const RUN_MARK: 'SVC_TEST_RUN';
export function markedProcesses(runId: string, options?: { except?: number[] }): MarkedProcess[];
export function reapLeftovers(runId: string, graceMs?: number): Promise<MarkedProcess[]>;
