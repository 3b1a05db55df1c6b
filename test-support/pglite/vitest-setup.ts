// Vitest setupFile (with vitest-global-setup.ts): each test file's in-memory PGlite is the run's
// migrated dump as loaded, lent by its worker's pool (worker-pool.ts: loaded once, reset between lends).
import { inject } from 'vitest';
import { pooledPgliteFrom } from './worker-pool.js';

pooledPgliteFrom(inject('migratedPgliteDump'));
