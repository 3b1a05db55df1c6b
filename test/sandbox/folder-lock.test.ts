// db/folder-lock.ts: a PGlite folder is one process's. A live holder is refused by name (pid,
// address), a dead one's lock is taken over, and closing leaves no lock behind.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FolderInUse, lockFileOf, lockFolder, lockHolder } from '../../packages/sandbox/db/folder-lock.js';
import { openPglite } from '../../packages/sandbox/db/pglite.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-folder-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses a folder another live process holds, naming its pid and address; takes it over once that process is gone', async () => {
  const folder = join(dir, 'pglite');
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  writeFileSync(lockFileOf(folder), JSON.stringify({ pid: other.pid, url: 'http://127.0.0.1:4010' }));
  expect(lockHolder(folder)).toMatchObject({ pid: other.pid });
  expect(() => lockFolder(folder)).toThrow(FolderInUse);
  expect(() => lockFolder(folder)).toThrow(`in use by process ${other.pid} (the sandbox at http://127.0.0.1:4010)`);
  other.kill('SIGKILL');
  await new Promise((done) => other.once('exit', done));
  expect(lockHolder(folder)).toBeUndefined();
  const lock = lockFolder(folder);
  lock.announce({ url: 'http://127.0.0.1:1234' });
  expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, url: 'http://127.0.0.1:1234' });
  lock.release();
  expect(existsSync(lock.file)).toBe(false);
});

it('openPglite takes the lock and its close gives it back', async () => {
  const folder = join(dir, 'db');
  const db = await openPglite(folder);
  expect(lockHolder(folder)).toMatchObject({ pid: process.pid });
  await db.close();
  expect(existsSync(lockFileOf(folder))).toBe(false);
}, 120_000);
