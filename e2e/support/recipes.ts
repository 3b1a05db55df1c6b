// The framework recipes (examples/*: issue 28, item 3) as a merchant runs them: the packed
// tarballs (`npm pack` of the built package and of @svc-card/client), each app's dependencies from
// the npm registry through `npm ci` and its committed lockfile, a production build, then its
// production server. Work happens in copies (the examples' own folders stay clean) in a folder
// named by the tarballs' sha256 under the recipe cache, outside the clone (CACHE below): the same
// source packs the same bytes, so a later run of an unchanged tree, even from a fresh clone, finds
// its apps installed and built (issue 42: they cost two minutes of both cores). One stamp
// (package.json, lockfile) says when an install is still good, another (every source) when its
// build is; a changed tarball is another folder.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { FolderInUse, lockFolder } from '../../packages/sandbox/db/folder-lock.js';
import { freePort } from '../../test-support/free-port.mjs';
import { ROOT } from './paths.js';

/**
 * The recipe cache: SVC_RECIPE_CACHE, or ~/.cache/svc-card/recipes. Each folder in it is one pair
 * of tarballs (its name their sha256) with the apps' copies under examples/; the folders of other
 * trees (other branches, worktrees) sit beside it, and a run removes those untouched for a week.
 */
const CACHE = process.env.SVC_RECIPE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-card', 'recipes');
const STALE_MS = 7 * 24 * 3600_000;
/** What a build or an install makes inside an example: never copied, never hashed. */
const OUTPUTS = new Set(['node_modules', '.next', '.svelte-kit', 'build', 'next-env.d.ts', 'tsconfig.tsbuildinfo']);

export interface RecipeApp {
  url: string;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface Recipe {
  /** The folder under examples/. */
  name: string;
  /** The production server of a built app, listening on 127.0.0.1:`port`. */
  command(port: number): { args: string[]; env: Record<string, string> };
}

export const RECIPES = {
  nextAppRouter: { name: 'nextjs-app-router', command: (port) => ({ args: ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)], env: {} }) },
  nextPagesReact18: { name: 'nextjs-pages-react18', command: (port) => ({ args: ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)], env: {} }) },
  // adapter-node's server (build/index.js) reads HOST and PORT.
  sveltekit: { name: 'sveltekit', command: (port) => ({ args: ['build'], env: { HOST: '127.0.0.1', PORT: String(port) } }) },
} satisfies Record<string, Recipe>;

/** The packages the examples install from tarballs, as `npm pack` names them, with the workspace each comes from. */
const PACKED = [
  { name: 'svc-card', workspace: undefined },
  { name: '@svc-card/client', workspace: 'packages/client' },
] as const;

interface Tarball { name: string; file: string }
let packed: { tarballs: Tarball[]; hash: string; dir: string } | undefined;
/**
 * `npm pack` of the built repository and of @svc-card/client, once per process, into the cache's
 * folder of their sha256 (made when new, its files then never written again). Both as `npm run
 * build` left them: the repository's build builds the client first (it was built again here, 5 to
 * 15 s of tsc per run for the same files).
 */
function packTarballs(): { tarballs: Tarball[]; hash: string; dir: string } {
  if (packed) return packed;
  mkdirSync(CACHE, { recursive: true });
  for (const { workspace } of PACKED) {
    const built = join(ROOT, workspace ?? '', 'dist', workspace ? 'index.js' : 'server.js');
    if (!existsSync(built)) throw new Error(`${relative(ROOT, built)} is missing: run \`npm run build\` first (it builds ${workspace ?? 'the repository'})`);
  }
  // One process packs at a time; the tarballs are packed aside and their folder renamed into
  // place whole, so another worker's `npm ci` never sees half a file.
  let lock: ReturnType<typeof lockFolder>;
  for (;;) {
    try {
      lock = lockFolder(join(CACHE, 'packing'));
      break;
    } catch (error) {
      if (!(error instanceof FolderInUse)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  const aside = join(CACHE, `packing-${process.pid}`);
  try {
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(aside, { recursive: true });
    const hash = createHash('sha256');
    const names = PACKED.map(({ name, workspace }) => {
      const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', aside, ...(workspace ? ['-w', workspace] : [])], { cwd: ROOT, encoding: 'utf8' })) as [{ filename: string }];
      hash.update(`${name}\0`).update(readFileSync(join(aside, filename)));
      return { name, filename };
    });
    const digest = hash.digest('hex');
    const dir = join(CACHE, digest.slice(0, 16));
    if (!existsSync(dir)) renameSync(aside, dir);
    // Marks the folder as used (its age decides when another run may remove it).
    writeFileSync(join(dir, '.used'), new Date().toISOString());
    removeStale(dir);
    packed = { tarballs: names.map(({ name, filename }) => ({ name, file: join(dir, filename) })), hash: digest, dir };
    return packed;
  } finally {
    rmSync(aside, { recursive: true, force: true });
    lock.release();
  }
}

/** The cache's folders of other tarballs not used for a week (their apps take hundreds of MB each). */
function removeStale(keep: string): void {
  for (const entry of readdirSync(CACHE, { withFileTypes: true })) {
    const dir = join(CACHE, entry.name);
    if (!entry.isDirectory() || dir === keep || !/^[0-9a-f]{16}$/.test(entry.name)) continue;
    const used = join(dir, '.used');
    if (Date.now() - (existsSync(used) ? statSync(used) : statSync(dir)).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
}

/** The example's own files (what a merchant would copy), relative paths sorted. */
function sourceFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).filter((name) => !OUTPUTS.has(name)).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path, base) : [relative(base, path)];
  });
}

/**
 * A step that may take minutes, without blocking the test worker's event loop. NODE_ENV is the
 * step's own, never the worker's: a spec that ran Vite in this worker before leaves it
 * "development", and `next build` under it prerenders with React's development build and fails
 * ("Cannot read properties of null (reading 'useContext')"); `npm ci` under "production" would
 * leave out the devDependencies a build type-checks with.
 */
async function run(command: string, args: string[], cwd: string, nodeEnv?: 'production'): Promise<void> {
  const { NODE_ENV: _worker, ...env } = process.env;
  try {
    await promisify(execFile)(command, args, { cwd, env: { ...env, NEXT_TELEMETRY_DISABLED: '1', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) }, encoding: 'utf8', timeout: 480_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${relative(ROOT, cwd)}:\n${`${stdout}\n${stderr}`.slice(-4000)}`);
  }
}

/** sha256 of the tarballs and of the named files of `dir` (names included). */
function digestOf(tarballHash: string, dir: string, files: string[]): string {
  const hash = createHash('sha256').update(tarballHash);
  for (const name of files) hash.update(`${name}\0`).update(readFileSync(join(dir, name)));
  return hash.digest('hex');
}

const copyDir = (name: string) => join(packTarballs().dir, 'examples', name);
const INSTALL_STAMP = '.recipe-installed';
const BUILD_STAMP = '.recipe-built';

/**
 * The recipe's copy in the cache's folder of the tarballs, examples/<name>, with its dependencies: `npm ci` from the
 * npm registry (through npm's own cache), done again only when its package.json, its lockfile or
 * a tarball changed. The seconds spent (0: already installed). Needs no CPU to speak of, so
 * the spec runs every install at once while the first app builds.
 */
export async function installRecipe(recipe: Recipe): Promise<number> {
  const source = join(ROOT, 'examples', recipe.name);
  const { tarballs, hash, dir: packs } = packTarballs();
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  // npm ci installs what the lockfile says: a tarball whose own dependencies changed (a lit
  // update) would otherwise run on the old ones, unseen.
  const lock = JSON.parse(readFileSync(join(source, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string> }> };
  for (const { name, file } of tarballs) {
    const expected = `file:../../${relative(packs, file)}`;
    if (manifest.dependencies[name] !== expected) throw new Error(`examples/${recipe.name}/package.json: ${name} must be "${expected}" (the packed tarball at the repository's root), not ${JSON.stringify(manifest.dependencies[name])}`);
    const own = JSON.parse(execFileSync('tar', ['-xOzf', file, 'package/package.json'], { encoding: 'utf8' })) as { dependencies?: Record<string, string> };
    if (JSON.stringify(lock.packages[`node_modules/${name}`]?.dependencies ?? {}) !== JSON.stringify(own.dependencies ?? {})) {
      throw new Error(`examples/${recipe.name}/package-lock.json: ${name}'s dependencies there are not the tarball's ${JSON.stringify(own.dependencies)}: run \`npm install\` in the example (after \`npm pack\` and \`npm pack -w @svc-card/client\` at the root) and commit its lockfile, without the "integrity" of the tarballs' entries`);
    }
  }
  const dir = copyDir(recipe.name);
  const digest = digestOf(hash, source, ['package.json', 'package-lock.json']);
  if (existsSync(join(dir, INSTALL_STAMP)) && readFileSync(join(dir, INSTALL_STAMP), 'utf8') === digest) return 0;
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of ['package.json', 'package-lock.json']) cpSync(join(source, name), join(dir, name));
  await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
  writeFileSync(join(dir, INSTALL_STAMP), digest);
  return Math.round((performance.now() - started) / 1000);
}

/**
 * The installed copy with the example's sources, built for production (`npm run build`), done
 * again only when a source or a tarball changed. Returns its folder and the seconds the build took
 * (0: the build of this run, or an earlier one, is still good).
 */
export async function buildRecipe(recipe: Recipe): Promise<{ dir: string; seconds: number }> {
  const source = join(ROOT, 'examples', recipe.name);
  const dir = copyDir(recipe.name);
  const files = sourceFiles(source);
  const digest = digestOf(packTarballs().hash, source, files);
  if (existsSync(join(dir, BUILD_STAMP)) && readFileSync(join(dir, BUILD_STAMP), 'utf8') === digest) return { dir, seconds: 0 };
  const started = performance.now();
  // Everything but the dependencies goes: a stale .next or a deleted source must not survive.
  for (const name of readdirSync(dir)) if (name !== 'node_modules' && name !== INSTALL_STAMP) rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of files) cpSync(join(source, name), join(dir, name));
  await run('npm', ['run', 'build'], dir, 'production');
  writeFileSync(join(dir, BUILD_STAMP), digest);
  return { dir, seconds: Math.round((performance.now() - started) / 1000) };
}

/**
 * `work` on the recipe's copy with no other process at it: two specs run the examples
 * (recipes.spec, check-examples.spec), perhaps at once in two workers, and an install empties
 * the folder. The lock is `<copy>.lock` (the sandbox's folder lock); a dead holder's is taken over.
 */
async function exclusively<T>(recipe: Recipe, work: () => Promise<T>): Promise<T> {
  const folder = copyDir(recipe.name);
  mkdirSync(dirname(folder), { recursive: true });
  for (;;) {
    let lock: ReturnType<typeof lockFolder>;
    try {
      lock = lockFolder(folder);
    } catch (error) {
      if (!(error instanceof FolderInUse)) throw error;
      await sleep(1_000);
      continue;
    }
    try {
      return await work();
    } finally {
      lock.release();
    }
  }
}

export interface ReadyRecipe { dir: string; installSeconds: number; buildSeconds: number }
const ready = new Map<string, Promise<ReadyRecipe>>();
/** This process's builds, one after another: a production build takes both cores. */
let building: Promise<unknown> = Promise.resolve();

/**
 * The one way a spec gets an example to start: each of `recipes` installed (all at once: network
 * and disk) and built (one at a time), once per run whichever spec asks first (the stamps say so
 * to a spec in another worker, which waits for the lock meanwhile). Each promise is the
 * recipe's folder and the seconds its install and build took (0: done before).
 */
export function readyRecipes(recipes: readonly Recipe[]): Map<Recipe, Promise<ReadyRecipe>> {
  return new Map(recipes.map((recipe) => {
    let made = ready.get(recipe.name);
    if (!made) {
      const installed = exclusively(recipe, () => installRecipe(recipe));
      const built = building.then(() => installed).then(() => exclusively(recipe, () => buildRecipe(recipe)));
      building = built.catch(() => {});
      made = Promise.all([installed, built]).then(([installSeconds, { dir, seconds }]) => ({ dir, installSeconds, buildSeconds: seconds }));
      made.catch(() => {}); // awaited, and so reported, by the spec that asked
      ready.set(recipe.name, made);
    }
    return [recipe, made] as const;
  }));
}

/** Starts the built app's production server with `env` (or what `env(url)` gives) on a free port; resolves once `/` answers. */
export async function startRecipe(recipe: Recipe, dir: string, env: Record<string, string> | ((url: string) => Promise<Record<string, string>>)): Promise<RecipeApp> {
  const port = (await freePort()) as number;
  const { args, env: own } = recipe.command(port);
  const url = `http://127.0.0.1:${port}`;
  // A function: settings that need the app's address first (its webhook's secret, say).
  const settings = typeof env === 'function' ? await env(url) : env;
  const child: ChildProcess = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...settings, ...own }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`examples/${recipe.name} exited before answering:\n${output}`);
    const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status, () => 0);
    if (status) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`examples/${recipe.name} did not answer on ${url} within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => output, stop };
}
