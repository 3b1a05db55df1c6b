// Unit tests split by environment (STYLE.md habit 7): node for the core and the
// service side and the demo's HTTP servers, happy-dom for rendering the element. Real-browser checks live in e2e/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// In-memory PGlite starts from a database migrated once per run instead of running initdb per file.
const pgliteFromDump = { globalSetup: ['test-support/pglite/vitest-global-setup.ts'], setupFiles: ['test-support/pglite/vitest-setup.ts'] };

export default defineConfig({
  // The sandbox (its own package, @svc-card/sandbox) imports svc-card/server by name; in this
  // repository that is the source, as tsconfig.json's paths say (no build needed to test it); every project extends this.
  resolve: { alias: [{ find: /^svc-card\/server$/, replacement: fileURLToPath(new URL('./src/server/index.ts', import.meta.url)) }] },
  test: {
    // Two test files at a time (Vitest's default is cores - 1: one on CI's 2 cores). The projects
    // that time things (stalls and slow clients, heap growth, loop delay) or install packages say
    // `maxWorkers: 1`: Vitest runs their files after the others, one at a time, alone.
    maxWorkers: 2,
    projects: [
      // Generous timeouts: property tests run thousands of encryptions, slow on a busy machine.
      { test: { name: 'core', environment: 'node', include: ['test/core/**/*.test.ts', 'test/internal/**/*.test.ts', 'test/frame/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'server', environment: 'node', include: ['test/server/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 1 } },
      // The payments API sandbox (packages/sandbox/): inject() against in-memory PGlite, each file's
      // database loaded from one migrated per run (pgliteFromDump); PGlite starts in seconds, hence the timeouts.
      { test: { name: 'sandbox', environment: 'node', include: ['test/sandbox/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 300_000, ...pgliteFromDump } },
      { test: { name: 'element', environment: 'happy-dom', include: ['test/element/**/*.test.ts'] } },
      // The demo's servers (merchant, sandbox) and the test static server over raw HTTP; needs dist/.
      { test: { name: 'http', environment: 'node', include: ['test/http/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, maxWorkers: 1 } },
      // @svc-card/client (packages/client) against real sandboxes on loopback, and its generated types' freshness.
      { test: { name: 'client', environment: 'node', include: ['test/client/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, ...pgliteFromDump } },
      { test: { name: 'scripts', environment: 'node', include: ['test/scripts/**/*.test.ts'], maxWorkers: 1 } },
      // The package as published (needs `npm run build`): its file list, its types in user projects.
      { test: { name: 'package', environment: 'node', include: ['test/package/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000, maxWorkers: 1 } },
    ].map((project) => ({ extends: true, ...project })),
  },
});
