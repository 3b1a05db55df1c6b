// Issue 41, item 5: `svc-sandbox` as its users run it, the real command spawned (tsx over
// packages/sandbox/cli.ts; test/package/sandbox-npm.test.ts runs the packed one).
// - one sandbox per PGlite folder: a second gets one line naming the folder and the holder's pid;
//   a lock left by a dead process is taken over;
// - `credential` beside a running sandbox on the same folder: the apiKey works at once and after
//   a restart (before: it answered 401; the folder could even be left unreadable);
// - a busy port and a bad DATABASE_URL are one line, no stack; the banner names the storage;
// - --help lists every flag of the table and every permission; --version; `cards`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../packages/sandbox/auth/permissions.js';
import { FLAGS, type Flag } from '../../packages/sandbox/cli/flags.js';
import { postgresPlace } from '../../packages/sandbox/cli/storage.js';
import { TEST_CARDS } from '../../packages/sandbox/payment/test-cards.js';
import { freePort } from '../../test-support/free-port.mjs';

const CLI = ['--import', 'tsx', 'packages/sandbox/cli.ts'];
const { DATABASE_URL: _url, PORT: _port, ...baseEnv } = process.env;
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-cli-'));
afterAll(async () => {
  await Promise.all(children.map(stop));
  rmSync(dir, { recursive: true, force: true });
});

/** The command run to its end: exit code and both outputs. */
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [...CLI, ...args], { env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 170_000 })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));

interface Started { child: ChildProcess; lines: Record<string, string>; url: string }
/** A sandbox, resolved once its banner is out (each `Name: value` line as lines[Name]). */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [...CLI, ...args], { env: baseEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('API description:')) return;
      const lines = Object.fromEntries(output.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
      done({ child, lines, url: lines['Sandbox payments API']! });
    });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk; });
    child.once('exit', (code) => fail(new Error(`exited ${code} before its banner:\n${output}`)));
  });
}
function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
const fields = (text: string) => Object.fromEntries(text.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
const listStatus = async (url: string, apiKey: string) => (await fetch(`${url}/v1/transaction?companyId=company_demo`, { headers: { apiKey } })).status;
/** One line on stderr, `svc-sandbox: ...`, and no stack trace. */
const oneLine = (stderr: string) => {
  expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^svc-sandbox: /);
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe('what it says about itself', () => {
  it('--help lists every flag of the table the parser reads, every permission and DATABASE_URL', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const [name, flag] of Object.entries(FLAGS)) if (!(flag as Flag).hidden) expect(stdout, name).toContain(`--${name}`);
    expect(stdout).toContain('--no-loopback-webhooks');
    expect(stdout).toContain('--max-connections N');
    for (const permission of ALL_PERMISSIONS) expect(stdout, permission).toContain(permission);
    expect(stdout).toContain('DATABASE_URL');
    expect(stdout).toMatch(/svc-sandbox cards/);
  });

  it("the sandbox's README shows the usage --help prints", async () => {
    const readme = readFileSync('packages/sandbox/README.md', 'utf8');
    const usage = /```text\n([\s\S]*?)```/.exec(readme)?.[1]?.trim();
    expect(usage).toBe((await run(['--help'])).stdout.trim());
  });

  it("--version prints the package's version", async () => {
    const { code, stdout } = await run(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe((JSON.parse(readFileSync('packages/sandbox/package.json', 'utf8')) as { version: string }).version);
  });

  it('`cards` prints every test card of test-cards.json with its brand and the status it answers', async () => {
    const { code, stdout } = await run(['cards']);
    expect(code).toBe(0);
    for (const card of TEST_CARDS) expect(stdout, card.number).toMatch(new RegExp(`^${card.number} +${card.brand} +(${card.status}|PENDING_3DS) `, 'm'));
  });
});

describe('one sandbox per PGlite folder, and `credential` beside it', () => {
  const data = join(dir, 'shared');
  let first: Started;
  beforeAll(async () => { first = await start(['--data', data, '--port', '0']); }, 180_000);

  it('the banner says the storage: PGlite in the folder', () => {
    expect(first.lines.Storage).toBe(`PGlite in ${join(data, 'pglite')} (kept across restarts)`);
  });

  it('a second sandbox on the folder is refused in one line naming the folder and the process holding it', async () => {
    const second = await run(['--data', data, '--port', '0']);
    expect(second.code).toBe(1);
    oneLine(second.stderr);
    expect(second.stderr).toContain(`the data folder ${data} is in use by process ${first.child.pid}, the sandbox at ${first.url}`);
  });

  it('a credential made while it runs works at once, and after a restart that takes over a lock its dead owner left', async () => {
    const made = await run(['credential', '--data', data, '--companies', 'company_demo', '--permissions', 'transaction.read']);
    expect(made.code, made.stderr).toBe(0);
    const { apiKey, token } = fields(made.stdout);
    expect(await listStatus(first.url, apiKey!)).toBe(200);
    expect((await fetch(`${first.url}/v1/transaction?companyId=company_demo`, { headers: { token: token! } })).status).toBe(200);
    await stop(first.child);
    // A lock as a sandbox killed with SIGKILL leaves it: its pid, a process that is gone.
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((done) => gone.once('exit', done));
    writeFileSync(join(data, 'pglite.lock'), JSON.stringify({ pid: gone.pid, url: 'http://127.0.0.1:1' }));
    const again = await start(['--data', data, '--port', '0']);
    expect(await listStatus(again.url, apiKey!)).toBe(200);
    expect(JSON.parse(readFileSync(join(data, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: again.child.pid, url: again.url });
    await stop(again.child);
  }, 360_000);
});

describe('failures a user fixes are one line', () => {
  it('a busy port, naming it; the banner of a memory sandbox says so', async () => {
    const holder = await start(['--memory', '--data', join(dir, 'memory'), '--port', '0']);
    expect(holder.lines.Storage).toBe('in memory (gone when it stops)');
    const port = new URL(holder.url).port;
    const busy = await run(['--memory', '--data', join(dir, 'memory-2'), '--port', port]);
    expect(busy.code).toBe(1);
    oneLine(busy.stderr);
    expect(busy.stderr).toContain(`port ${port} is in use`);
    await stop(holder.child);
  }, 360_000);

  it('a DATABASE_URL nothing answers, or that is no URL: one line, without its password', async () => {
    const port = await freePort();
    const refused = await run(['--data', join(dir, 'pg'), '--port', '0'], { DATABASE_URL: `postgres://shop:s3cret-pw@127.0.0.1:${port}/orders` });
    expect(refused.code).toBe(1);
    oneLine(refused.stderr);
    expect(refused.stderr).toContain(`PostgreSQL at 127.0.0.1:${port}/orders as shop (DATABASE_URL) refused the connection`);
    expect(refused.stderr + refused.stdout).not.toContain('s3cret-pw');
    const garbled = await run(['credential', '--data', join(dir, 'pg'), '--companies', 'a'], { DATABASE_URL: 'not a url' });
    expect(garbled.code).toBe(1);
    oneLine(garbled.stderr);
    expect(garbled.stderr).toContain('DATABASE_URL is not a connection string');
  }, 360_000);
});

it('the banner names a PostgreSQL by host, port, database and user, never the password', () => {
  expect(postgresPlace('postgres://shop:s3cret@db.internal:5433/orders')).toBe('db.internal:5433/orders as shop');
  expect(postgresPlace('postgresql:///orders?host=/var/run/postgresql')).toBe('/var/run/postgresql/orders');
  expect(postgresPlace('postgres://db.internal/orders')).toBe('db.internal/orders');
});
