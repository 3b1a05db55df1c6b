// Vitest setupFile (with vitest-global-setup.ts): each test file's in-memory PGlite starts from the run's migrated dump.
import { inject } from 'vitest';
import { inMemoryPgliteFrom } from './migrated-dump.js';

inMemoryPgliteFrom(inject('migratedPgliteDump'));
