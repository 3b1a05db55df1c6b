// Vitest globalSetup of the projects that start in-memory sandboxes (migrated-dump.ts says why):
// one dump per Vitest run, shared by those projects; vitest-setup.ts loads it in each file.
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeMigratedDump } from './migrated-dump.js';

declare module 'vitest' {
  export interface ProvidedContext { migratedPgliteDump: string }
}

const dumpFile = join(tmpdir(), `svc-card-pglite-migrated-${process.pid}.tar`);

export default async function setup(project: TestProject) {
  // `npm test` made one for the whole run (scripts/test-all.mjs): Vitest's projects load it too.
  const shared = process.env.SVC_SANDBOX_MEMORY_IMAGE;
  if (shared) return project.provide('migratedPgliteDump', shared);
  if (!existsSync(dumpFile)) {
    await writeMigratedDump(dumpFile);
    // Removed when Vitest ends, not at one project's teardown: another project may still read it.
    process.once('exit', () => rmSync(dumpFile, { force: true }));
  }
  project.provide('migratedPgliteDump', dumpFile);
}
