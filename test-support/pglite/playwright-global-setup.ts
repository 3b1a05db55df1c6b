// Playwright globalSetup (e2e/playwright.config.ts): one migrated PGlite dump per run, named in
// SVC_SANDBOX_MEMORY_IMAGE, which the workers inherit; each worker's first in-memory demo sandbox
// (demo/start-demo.mjs) loads it instead of running initdb (migrated-dump.ts says why). A value
// already set is kept: whoever set it made the dump.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMigratedDump } from './migrated-dump.js';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.SVC_SANDBOX_MEMORY_IMAGE) return undefined;
  const dumpFile = join(tmpdir(), `svc-card-pglite-migrated-e2e-${process.pid}.tar`);
  await writeMigratedDump(dumpFile);
  process.env.SVC_SANDBOX_MEMORY_IMAGE = dumpFile;
  return () => {
    rmSync(dumpFile, { force: true });
    delete process.env.SVC_SANDBOX_MEMORY_IMAGE;
  };
}
