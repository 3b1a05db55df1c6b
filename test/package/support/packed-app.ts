// A user's project in a temp dir: the packed tarball installed with npm beside the
// framework tools at the versions this repository pins (from the npm cache when it has
// them), test/package/fixtures copied to src/ (good/ must check, bad/ must not), and the
// tsconfigs of Vite's react-ts, vue-ts and svelte-ts templates, skipLibCheck off.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const TOOLS = ['typescript', '@types/node', '@types/react', 'vue', 'vue-tsc', 'svelte', 'svelte-check'];

export interface PackedApp {
  dir: string;
  /** Runs `node` (this one) or a tool of the app's node_modules/.bin in `dir`; never throws. */
  run(bin: string, args: string[]): { status: number | null; output: string };
  remove(): void;
}

function writeConfigs(dir: string): void {
  const write = (name: string, config: object) => writeFileSync(join(dir, name), JSON.stringify(config, null, 2));
  const strict = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022' };
  const bundler = { ...strict, module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] };
  write('tsconfig.bundler.json', { compilerOptions: { ...bundler, jsx: 'react-jsx' }, include: ['src/**/*.ts', 'src/**/*.tsx'] });
  write('tsconfig.vue.json', { compilerOptions: bundler, include: ['src/**/*.vue'], vueCompilerOptions: { strictTemplates: true } });
  write('tsconfig.svelte.json', { compilerOptions: bundler, include: ['src/**/*.svelte'] });
  // The DOM and script-tag files alone: for a project without React, Vue or Svelte.
  write('tsconfig.bare.json', { compilerOptions: bundler, include: ['src/good/dom.ts', 'src/good/script-tag.ts', 'src/good/svc-only.ts'] });
  // A Node service: no DOM lib, ESM (.mts) and CommonJS through require(esm) (.cts).
  write('tsconfig.node.json', { compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2022'], types: ['node'] }, include: ['src/**/*.mts', 'src/**/*.cts'] });
}

/**
 * Packs the repository (built), or copies `tarball` (the run's packs/: packs-global-setup.ts), and
 * installs it with `tools` (names of this repository's devDependencies, installed at its versions) into a fresh directory.
 */
export function createPackedApp(tools: readonly string[] = TOOLS, tarball?: string): PackedApp {
  const dir = mkdtempSync(join(tmpdir(), 'svc-card-app-'));
  let filename: string;
  if (tarball) {
    filename = basename(tarball);
    copyFileSync(tarball, join(dir, filename));
  } else {
    [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' }),
    ) as [{ filename: string }];
  }
  const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant-app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error',
    `./${filename}`, ...tools.map((name) => `${name}@${devDependencies[name]}`)], { cwd: dir, stdio: 'pipe' });
  cpSync(join(ROOT, 'test/package/fixtures'), join(dir, 'src'), { recursive: true });
  writeConfigs(dir);
  return {
    dir,
    run(bin, args) {
      const command = bin === 'node' ? process.execPath : join(dir, 'node_modules/.bin', bin);
      const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8' });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
