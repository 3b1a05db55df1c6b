// README's install line for a clone (issue 41, item 3): `npm run pack:all` writes the three
// tarballs (svc-card, @svc-card/client, @svc-card/sandbox) to packs/, and the line README gives,
// `npm install <clone>/packs/*.tgz`, installs the three together in an empty project outside the
// repository (the sandbox's dependency on svc-card is met by svc-card's tarball, not the registry).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = resolve('.');
const README = readFileSync('README.md', 'utf8');
const region = README.slice(README.indexOf('<!-- #region install -->'), README.indexOf('<!-- #endregion install -->'));
const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
let project: string;

beforeAll(() => {
  // pack:all is the build, then pack:built; the project's globalSetup (support/packs-global-setup.ts)
  // emptied packs/ and ran `npm run pack:built` once for this run's files: what it wrote is checked here.
  expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts['pack:all']).toBe('npm run build && npm run pack:built');
  project = mkdtempSync(join(tmpdir(), 'svc-pack-all-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'merchant', private: true, type: 'module' }));
}, 600_000);
afterAll(() => { if (project) rmSync(project, { recursive: true, force: true }); });

it('README says the packages are not on the registry yet, and how to install them from a clone, in one line', () => {
  expect(region).toContain('not on the npm registry yet');
  expect(region).toContain('npm run pack:all`');
  expect(region).toContain('`npm install <clone>/packs/*.tgz`');
});

it('npm run pack:all writes the three tarballs to packs/', () => {
  expect(readdirSync('packs').sort()).toEqual([`svc-card-${versionOf('.')}.tgz`, `svc-card-client-${versionOf('packages/client')}.tgz`, `svc-card-sandbox-${versionOf('packages/sandbox')}.tgz`]);
});

it('README\'s install line installs the three together in an empty project, and the sandbox\'s command runs', () => {
  const line = /`(npm install <clone>\/packs\/\*\.tgz)`/.exec(region)![1]!.replace('<clone>', ROOT);
  const install = spawnSync('bash', ['-c', `${line} --prefer-offline --no-audit --no-fund --loglevel=error`], { cwd: project, encoding: 'utf8', timeout: 400_000 });
  expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
  for (const name of ['svc-card', '@svc-card/client', '@svc-card/sandbox']) expect(versionOf(join(project, 'node_modules', name)), name).toBe('0.1.0');
  const help = spawnSync('npx', ['svc-sandbox', '--help'], { cwd: project, encoding: 'utf8' });
  expect(help.status, help.stderr).toBe(0);
  expect(help.stdout).toContain('svc-sandbox');
}, 600_000);
