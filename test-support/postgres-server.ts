// A throwaway PostgreSQL server from Debian's `postgresql` package for tests:
// initdb into a temporary folder, started on a free loopback port with
// pg_ctl, stopped and removed after. As root it runs as the `postgres` user
// (PostgreSQL refuses to run as root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/** The newest /usr/lib/postgresql/<version>/bin, or undefined when the package is missing. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

export async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: run `node scripts/ensure-system.mjs` (Debian package postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    execFileSync(command[0]!, command.slice(1), { stdio: 'pipe', timeout: 120_000 });
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'sandbox', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '120', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://sandbox@127.0.0.1:${port}/postgres`,
    stop() {
      try { run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']); } finally { rmSync(dir, { recursive: true, force: true }); }
    },
  };
}
