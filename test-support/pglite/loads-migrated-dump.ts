// Vitest setupFile (with migrated-dump.ts as globalSetup): an in-memory PGlite (no dataDir, no
// loadDataDir) starts from the run's migrated dump instead of running initdb. A data folder is
// left alone: those tests open PGlite as the sandbox does for users.
import { readFileSync } from 'node:fs';
import { inject, vi } from 'vitest';

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const pglite = await importOriginal<typeof import('@electric-sql/pglite')>();
  const dumpFile = inject('migratedPgliteDump');
  type Options = { dataDir?: string; loadDataDir?: Blob };
  const create = (dataDirOrOptions?: string | Options, options?: Options) => {
    const given = typeof dataDirOrOptions === 'string' ? { dataDir: dataDirOrOptions, ...options } : (dataDirOrOptions ?? options ?? {});
    const inMemory = !given.dataDir && !given.loadDataDir;
    return pglite.PGlite.create(inMemory ? { ...given, loadDataDir: new Blob([readFileSync(dumpFile)]) } : given);
  };
  // The library's class with its create() replaced (new PGlite() is left as it is).
  class PGlite extends pglite.PGlite {}
  Object.defineProperty(PGlite, 'create', { value: create });
  return { ...pglite, PGlite };
});
