// Unit tests split by environment (STYLE.md habit 7): node for the core and the
// service side and the demo's HTTP servers, happy-dom for rendering the element. Real-browser checks live in e2e/.
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// In-memory PGlite is a database migrated once per run, loaded once per worker and reset between files (test-support/pglite/worker-pool.ts).
const pgliteFromDump = { globalSetup: ['test-support/pglite/vitest-global-setup.ts'], setupFiles: ['test-support/pglite/vitest-setup.ts'] };
// One worker process runs many of the project's files (`isolate: false`): Fastify, TypeBox's schemas
// and the sandbox's modules are loaded once per worker, not once per file (and its PGlite databases: pgliteFromDump).
// So a file leaves nothing behind for the next (CONTRIBUTING.md, Sandbox tests, says how, and how to check in shuffled orders).
const sharedWorker = { isolate: false };

// The files that must run alone (`maxWorkers: 1`: Vitest runs them after every other file, one at
// a time): they time things (a stall, slow clients, heap growth, loop delay, a grace time, a rate)
// or write into the repository (packages' dist/, packs/, the site's generated pages). Each other
// file of their projects runs two at a time beside the rest of the suite, in `<project>` as named;
// the file's project while it runs alone is `<project>-alone` (`--project 'server*'` runs both).
const ALONE: Record<'server' | 'scripts' | 'package', string[]> = {
  // Redis stalls (CLIENT PAUSE) and per-command timeouts of 300 ms-10 s; RSA worker threads, one per core, and the thread pool they share.
  server: ['redis-replay-store-faults', 'redis-replay-store', 'redis-lost-reply', 'redis-cluster', 'rsa-workers', 'thread-pool-share'],
  // Loop delay and request rate measured; a leftover's grace time; the site's pages regenerated.
  scripts: ['bench-loop-delay', 'bench-post-rate', 'leftover-processes', 'docs-port'],
  // npm pack runs the packages' prepack builds (dist/) and writes packs/ (once a run: their globalSetup); the site's build regenerates its pages.
  package: ['pack-all', 'readme', 'sandbox-npm', 'site'],
};
/**
 * How `npm test` (scripts/test-all.mjs) runs the projects, stage after stage: `together`, two files
 * at a time; then `beside`, each project one file at a time and the two side by side (neither
 * times what the other's load could upset, and neither writes what the other reads: http reads
 * dist/ and starts demos on free ports, package-alone writes packs/, the packages' dist/ and the
 * site's pages); then `quiet`, the files that time things, alone on the machine. `npx vitest run`
 * runs every project in one run instead (the `-alone` projects and http last, one file at a time).
 */
export const NPM_TEST_STAGES = {
  together: ['core', 'server', 'sandbox', 'element', 'client', 'scripts', 'package'],
  beside: ['http', 'package-alone'],
  quiet: ['server-alone', 'scripts-alone'],
} as const;

/** A project split in two: its files that run alone (ALONE, with `aloneSetup` besides) and the others, two at a time. */
function withAlone(name: keyof typeof ALONE, test: Record<string, unknown>, aloneSetup: Record<string, unknown> = {}) {
  const alone = ALONE[name].map((file) => `test/${name}/${file}.test.ts`);
  return [
    { test: { ...test, name, include: [`test/${name}/**/*.test.ts`], exclude: [...configDefaults.exclude, ...alone] } },
    { test: { ...test, ...aloneSetup, name: `${name}-alone`, include: alone, maxWorkers: 1 } },
  ];
}

export default defineConfig({
  // The sandbox (its own package, @svc-card/sandbox) imports svc-card/server by name; in this
  // repository that is the source, as tsconfig.json's paths say (no build needed to test it); every project extends this.
  resolve: { alias: [{ find: /^svc-card\/server$/, replacement: fileURLToPath(new URL('./src/server/index.ts', import.meta.url)) }] },
  test: {
    // Two test files at a time (Vitest's default is cores - 1: one on CI's 2 cores), except the
    // files of ALONE (the `-alone` projects) and `http`, which Vitest runs after the others, one at a time.
    maxWorkers: 2,
    projects: [
      // Generous timeouts: property tests run thousands of encryptions, slow on a busy machine.
      { test: { name: 'core', environment: 'node', include: ['test/core/**/*.test.ts', 'test/internal/**/*.test.ts', 'test/frame/**/*.test.ts'], testTimeout: 60_000 } },
      ...withAlone('server', { environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 }),
      // The payments API sandbox (packages/sandbox/): inject() against in-memory PGlite, each file's
      // database the one migrated per run as loaded (pgliteFromDump); PGlite loads in seconds, hence the timeouts.
      { test: { name: 'sandbox', environment: 'node', include: ['test/sandbox/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 300_000, ...pgliteFromDump, ...sharedWorker } },
      { test: { name: 'element', environment: 'happy-dom', include: ['test/element/**/*.test.ts'] } },
      // The demo's servers (merchant, sandbox) and the test static server over raw HTTP; needs dist/.
      // Alone as a whole until its files are soaked two at a time: at load 30-35 its demo files time out starting
      // their demos (the 120 s hooks) two at a time and alone alike, so no run has shown them green side by side.
      // One worker for its files (sharedWorker): the in-process demos' second and later starts skip loading
      // the sandbox's modules and PGlite's image again (demo/start-demo.mjs), about half a start's CPU.
      { test: { name: 'http', environment: 'node', include: ['test/http/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, maxWorkers: 1, ...sharedWorker } },
      // @svc-card/client (packages/client) against real sandboxes on loopback, and its generated types' freshness.
      { test: { name: 'client', environment: 'node', include: ['test/client/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, ...pgliteFromDump, ...sharedWorker } },
      ...withAlone('scripts', { environment: 'node' }),
      // The package as published (needs `npm run build`): its file list, its types in user projects.
      // Its `-alone` files install the tarballs `npm run pack:built` wrote once for the run (packs/).
      ...withAlone('package', { environment: 'node', testTimeout: 300_000, hookTimeout: 300_000 }, { globalSetup: ['test/package/support/packs-global-setup.ts'] }),
    ].map((project) => ({ extends: true, ...project })),
  },
});
