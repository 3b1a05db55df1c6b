// Issue 25, item 1: the sandbox from npm as a merchant gets it. The packed tarballs of svc-card,
// @svc-card/sandbox and @svc-card/client are installed into an empty folder outside this
// repository (no path back to its sources or its node_modules, PATH without the repository's
// bins); `npx @svc-card/sandbox` starts on PGlite in .svc-sandbox/ there, a credential minted by
// its `credential` command works, README's quick start (checkout-server.mjs, checkout.js) pays an
// order with a token made by the installed svc-card and its verified webhook marks it paid, and DATABASE_URL puts it on PostgreSQL.
// The tarballs are the run's packs/ (support/packs-global-setup.ts); the install reads npm's
// cache first (--prefer-offline), as the other packed-package tests do.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPostgres } from '../../test-support/postgres-server.js';
import { codeBlocks } from './support/readme-blocks.js';
import { postgresPlace as postgresPlaceOf } from '../../packages/sandbox/cli/storage.js';

const ROOT = resolve('.');
const SANDBOX = resolve('packages/sandbox');
const QUICK_START = 'checkout-server.mjs';
const sandboxPackage = JSON.parse(readFileSync(join(SANDBOX, 'package.json'), 'utf8')) as { name: string; bin: Record<string, string>; dependencies: Record<string, string> };

let dir: string;
const children: ChildProcess[] = [];
/** The repository's folders leave PATH: nothing found there can stand in for what the install lacks. */
const env = (extra: Record<string, string> = {}) => {
  const { DATABASE_URL: _url, PORT: _port, NODE_PATH: _path, ...rest } = process.env;
  return { ...rest, PATH: (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.startsWith(ROOT)).join(delimiter), ...extra };
};
/**
 * `command` in the merchant's folder, to its end (240 s at most); rejects with its exit code and
 * output. It leads a process group of its own, stopped as a whole at the time limit: execFile's
 * timeout signalled npx alone, and the `svc-sandbox credential` under it lived on.
 */
function run(command: string, args: string[], extra: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: dir, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => { stdout += chunk; });
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk; });
  const timer = setTimeout(() => void stop(child), 240_000);
  return new Promise((done, fail) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done({ stdout, stderr });
      else fail(Object.assign(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${stderr}`), { code, stdout, stderr }));
    });
  });
}

interface Started { child: ChildProcess; lines: Record<string, string>; url: string }
/** `npx @svc-card/sandbox` with `args`: resolves once it has printed its address, credential and key. */
function startBin(args: string[], extra: Record<string, string> = {}): Promise<Started> {
  // The leader of a process group of its own: npx -> sh -> node svc-sandbox is stopped as a whole.
  const child = spawn('npx', [sandboxPackage.name, ...args], { cwd: dir, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no address after 180 s:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('API description:')) return;
      clearTimeout(timer);
      const lines = Object.fromEntries(output.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
      done({ child, lines, url: lines['Sandbox payments API']! });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk; });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`exited ${code} before its address:\n${output}`)); });
  });
}
/** Is any process of the group led by `pid` alive? */
const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};
/**
 * SIGTERM to the child's whole process group, then SIGKILL to what is left after 10 s: npx does not
 * pass SIGTERM on, so signalling it alone left the sandbox it started running, re-parented to init.
 */
async function stop(child: ChildProcess): Promise<void> {
  const pid = child.pid!;
  try { process.kill(-pid, 'SIGTERM'); } catch { /* the group is gone */ }
  for (const deadline = Date.now() + 10_000; groupAlive(pid) && Date.now() < deadline;) await new Promise((done) => setTimeout(done, 100));
  try { process.kill(-pid, 'SIGKILL'); } catch { /* the group is gone */ }
  while (groupAlive(pid)) await new Promise((done) => setTimeout(done, 100));
}
/** The processes, of this user, whose working folder is `folder` (the installed sandbox runs there). */
const processesIn = (folder: string) => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
  try {
    return realpathSync(`/proc/${pid}/cwd`) === folder ? [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`] : [];
  } catch {
    return [];
  }
});
/** `credential` prints `apiKey: ...`, `token: ...`, `companies: ...`. */
const fields = (text: string) => Object.fromEntries(text.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));

let started: Started;
let minted: Record<string, string>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-npm-'));
  // The run's tarballs (packs/, packed once with their prepack builds: support/packs-global-setup.ts), copied in.
  const packs = inject('packs');
  const [card, client] = [basename(packs.card), basename(packs.client)];
  copyFileSync(packs.card, join(dir, card));
  copyFileSync(packs.client, join(dir, client));
  copyFileSync(packs.sandbox, join(dir, 'svc-card-sandbox.tgz'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant', private: true, type: 'module' }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `./${card}`, './svc-card-sandbox.tgz', `./${client}`]);
  // Minted before the start: PGlite's folder is one process's at a time.
  minted = fields((await run('npx', [sandboxPackage.name, 'credential', '--companies', 'company_acme', '--permissions', 'transaction.read'])).stdout);
  started = await startBin(['--port', '0']);
}, 600_000);
afterAll(async () => {
  await Promise.all(children.map(stop));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox installed from its tarball', () => {
  it('installs into a folder outside the repository, as files of its own, with built JavaScript only', () => {
    const installed = realpathSync(join(dir, 'node_modules', sandboxPackage.name));
    expect(installed.startsWith(realpathSync(dir))).toBe(true);
    expect(relative(ROOT, installed).startsWith('..')).toBe(true);
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: installed, encoding: 'utf8' }).trim().split('\n');
    expect(files).toContain(`./${sandboxPackage.bin['svc-sandbox']}`);
    expect(files.filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    const code = files.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(installed, file), 'utf8')).join('\n');
    expect(code).not.toMatch(/from ['"](?:\.\.\/)+(?:src|demo|test-support)\//);
    expect(code).toContain("from 'svc-card/server'");
  });

  it('has a README for its npm page, whose usage is what `svc-sandbox --help` prints', async () => {
    const readme = readFileSync(join(dir, 'node_modules', sandboxPackage.name, 'README.md'), 'utf8');
    expect(readme).toContain('npx @svc-card/sandbox');
    const usage = codeBlocks(readme).find((block) => block.lang === 'text')?.code.trim();
    expect(usage).toBe((await run('npx', ['svc-sandbox', '--help'])).stdout.trim());
  });

  it("svc-card as installed depends on none of the sandbox's dependencies", () => {
    const card = JSON.parse(readFileSync(join(dir, 'node_modules/svc-card/package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const its = Object.keys({ ...card.dependencies, ...card.peerDependencies, ...card.optionalDependencies });
    const sandboxOnly = Object.keys(sandboxPackage.dependencies).filter((name) => name !== 'svc-card');
    expect(its.filter((name) => sandboxOnly.includes(name))).toEqual([]);
    expect(sandboxPackage.dependencies['svc-card']).toBe(card.version);
  });

  it('npx @svc-card/sandbox prints the base URL, the demo credential, the company and the public key; its records and keys are in .svc-sandbox/', async () => {
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.lines.apiKey).toBe('sbx_demo.sandbox-secret-not-for-production');
    expect(started.lines.companyId).toBe('company_demo');
    expect(started.lines['Public key (keyId v1)']).toBe(`.svc-sandbox/keys/v1.public.pem, and as a JWKS: ${started.url}/.well-known/svc-card/jwks.json`);
    expect(started.lines.Storage).toBe('PGlite in .svc-sandbox/pglite (kept across restarts)');
    // pglite.lock: the folder is this process's while it runs (one sandbox per folder).
    expect(readdirSync(join(dir, '.svc-sandbox')).sort()).toEqual(['keys', 'pglite', 'pglite.lock']);
    const jwks = (await (await fetch(`${started.url}/.well-known/svc-card/jwks.json`)).json()) as { keys: { kid: string; n: string }[] };
    const pem = readFileSync(join(dir, '.svc-sandbox/keys/v1.public.pem'), 'utf8');
    expect(jwks.keys).toEqual([expect.objectContaining({ kid: 'v1', alg: 'RSA-OAEP-256', n: createPublicKey(pem).export({ format: 'jwk' }).n })]);
    expect((await fetch(`${started.url}/openapi.json`)).status).toBe(200);
  });

  it('a credential minted by `credential` before the start is accepted, as apiKey and as its JWT, for its company only', async () => {
    expect(minted.apiKey).toMatch(/\S+\.\S+/);
    expect(minted.companies).toBe('company_acme');
    const list = (headers: Record<string, string>, company = 'company_acme') => fetch(`${started.url}/v1/transaction?companyId=${company}`, { headers });
    expect((await list({ apiKey: minted.apiKey! })).status).toBe(200);
    expect((await list({ token: minted.token! })).status).toBe(200);
    expect((await list({ apiKey: minted.apiKey! }, 'company_demo')).status).toBe(403);
  });

  it("README's quick start, with @svc-card/client as installed, pays an order with a token the installed svc-card made for the sandbox's key, and the verified webhook marks it paid", async () => {
    const readme = codeBlocks(readFileSync('README.md', 'utf8'));
    for (const file of [QUICK_START, 'checkout.js']) {
      const block = readme.find((b) => b.lang === 'js' && b.code.startsWith(`// ${file}`));
      expect(block?.code, file).toBeDefined();
      writeFileSync(join(dir, file), block!.code);
    }
    writeFileSync(join(dir, 'token.mjs'), [
      "import { readFileSync } from 'node:fs';",
      "import { encryptCard } from 'svc-card';",
      "const publicKey = readFileSync('.svc-sandbox/keys/v1.public.pem', 'utf8');",
      `const result = await encryptCard({ holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '${new Date().getUTCFullYear() + 2}', securityCode: '123', publicKey, keyId: 'v1' });`,
      'if (result.hasErrors) throw new Error(JSON.stringify(result.errors));',
      'console.log(JSON.stringify(result.encryptedCard));',
    ].join('\n'));
    const token = JSON.parse((await run(process.execPath, ['token.mjs'])).stdout) as unknown;
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = spawn(process.execPath, [QUICK_START], { cwd: dir, env: env({ PORT: String(port), SVC_API_URL: started.url, SVC_API_KEY: started.lines.apiKey! }), stdio: 'ignore', detached: true });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    let page = '';
    for (let attempt = 0; attempt < 300 && !page; attempt++) {
      page = await fetch(`${base}/`).then((response) => response.text(), () => new Promise<string>((done) => setTimeout(() => done(''), 100)));
    }
    const orderId = /data-order="([^"]+)"/.exec(page)![1]!;
    const paid = await fetch(`${base}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId, token }) });
    expect([paid.status, await paid.json()]).toEqual([200, { status: 'paid' }]);
    let order = '';
    for (let attempt = 0; attempt < 100 && order !== 'paid'; attempt++) {
      order = ((await (await fetch(`${base}/orders/${orderId}`)).json()) as { status: string }).status;
      if (order !== 'paid') await new Promise((done) => setTimeout(done, 100));
    }
    expect(order, 'the order is paid once the webhook came').toBe('paid');
    const listed = await fetch(`${started.url}/v1/transaction?companyId=company_demo&status=PAID`, { headers: { apiKey: started.lines.apiKey! } });
    expect(((await listed.json()) as { items: unknown[] }).items).toContainEqual(expect.objectContaining({ status: 'PAID', amount: expect.objectContaining({ value: 1990 }) }));
  });

  it('a bad option or command is a clear error naming it, exit 2, nothing started', async () => {
    const cases = [[['--port', 'abc'], 'the port must be a whole number'], [['credential'], 'credential needs --companies'], [['charge'], 'unknown command "charge"'], [['--nope'], "Unknown option '--nope'"]] as const;
    const failures = await Promise.all(cases.map(([args]) => run('npx', [sandboxPackage.name, ...args]).then(() => undefined, (error: { code: number; stderr: string }) => error)));
    cases.forEach(([args, said], i) => {
      expect(failures[i]?.code, args.join(' ')).toBe(2);
      expect(failures[i]?.stderr, args.join(' ')).toContain(said);
    });
  });

  it('DATABASE_URL puts it on PostgreSQL: a credential minted there is accepted by a sandbox started there, and no PGlite folder is made', async () => {
    const postgres = await startPostgres();
    try {
      const onPostgres = { DATABASE_URL: postgres.url };
      const credential = fields((await run('npx', [sandboxPackage.name, 'credential', '--data', 'pg-run', '--companies', 'company_pg'], onPostgres)).stdout);
      const pg = await startBin(['--port', '0', '--data', 'pg-run'], onPostgres);
      expect((await fetch(`${pg.url}/v1/transaction?companyId=company_pg`, { headers: { apiKey: credential.apiKey! } })).status).toBe(200);
      expect(pg.lines.Storage).toBe(`PostgreSQL at ${postgresPlaceOf(postgres.url)}`);
      expect(readdirSync(join(dir, 'pg-run'))).toEqual(['keys']);
      await stop(pg.child);
    } finally {
      postgres.stop();
    }
  });

  it('stopped, the sandboxes npx started and the quick-start server leave no process behind (issue 42, item 8)', async () => {
    expect(processesIn(realpathSync(dir)).length).toBeGreaterThan(0);
    await Promise.all(children.map(stop));
    expect(processesIn(realpathSync(dir))).toEqual([]);
  });
});
