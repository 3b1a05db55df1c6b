// Types of records.mjs for the TypeScript tests.
import type { SandboxRecords } from './server.mjs';

export const MAX_RECORDS: number;
export function createRecords(options?: { limit?: number }): SandboxRecords;
