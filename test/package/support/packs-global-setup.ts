// Vitest globalSetup of the `package-alone` project: `npm run pack:built` once per run, the three
// tarballs in packs/ shared by its files (pack-all.test.ts asserts what it wrote, readme.test.ts
// and sandbox-npm.test.ts install them as a user would). Each file packing again ran the client's
// and the sandbox's prepack builds (tsc) once per file, the same bytes each time.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext { packs: { card: string; client: string; sandbox: string } }
}

const PACKS = resolve('packs');
const nameOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string });
/** npm's tarball name: the scope's @ dropped, its / a dash. */
const tarballOf = (dir: string) => join(PACKS, `${nameOf(dir).name.replace(/^@/, '').replace('/', '-')}-${nameOf(dir).version}.tgz`);

export default function setup(project: TestProject) {
  // pack:all is the build, then pack:built. The build is the suite's own first step (and every package
  // test's need): rebuilding dist/ here, under Vitest's NODE_ENV=test, gave Lit's development build to
  // every later test of the run (svc-card-form.js 20 KB, with node: imports). The packages' prepack
  // builds (client, sandbox) run, as they do for a user's `npm run pack:all`.
  rmSync(PACKS, { recursive: true, force: true });
  execFileSync('npm', ['run', 'pack:built'], { stdio: 'pipe' });
  // What it wrote is pack-all.test.ts's to check: a tarball missing here fails the install that names it.
  project.provide('packs', { card: tarballOf('.'), client: tarballOf('packages/client'), sandbox: tarballOf('packages/sandbox') });
}
