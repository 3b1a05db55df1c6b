// Playwright globalSetup: the demos and sandboxes the specs start (in-memory PGlite each) load one
// database migrated for this run instead of running initdb each (test-support/pglite/migrated-dump.ts
// says why). The path goes to the workers in their environment; playwright.config.ts, which every
// worker loads first, hands it to inMemoryPgliteFrom.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMigratedDump } from '../../test-support/pglite/migrated-dump.js';

export const DUMP_VARIABLE = 'SVC_TEST_PGLITE_DUMP';

export default async function globalSetup() {
  const file = join(tmpdir(), `svc-card-pglite-migrated-e2e-${process.pid}.tar`);
  await writeMigratedDump(file);
  process.env[DUMP_VARIABLE] = file;
  return () => rmSync(file, { force: true });
}
