// One process per PGlite folder. PGlite keeps the database's pages in its own memory and writes
// them back when it closes: a second process on the same folder (a second sandbox, or
// `svc-sandbox credential` beside a running one) writes rows the first never reads, then the
// first's writes overwrite them (a minted apiKey answered 401, even after a restart) or leave the
// folder unreadable. The lock is a file beside the folder, `<folder>.lock`, made atomically
// (link fails on EEXIST), holding the owner's pid and, once it serves, its address.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface LockHolder {
  pid: number;
  /** The sandbox's address once it listens; absent while it starts or for a one-shot command. */
  url?: string;
  /** The secret of the sandbox's local credential route (cli/local-credentials.ts). */
  credentialSecret?: string;
}

/** The folder is another live process's. */
export class FolderInUse extends Error {
  constructor(readonly folder: string, readonly lockFile: string, readonly holder: LockHolder) {
    super(`the PGlite folder ${folder} is in use by process ${holder.pid}${holder.url ? ` (the sandbox at ${holder.url})` : ''}`);
  }
}

export interface FolderLock {
  readonly file: string;
  /** Adds what others may read (the address, the route's secret) to the lock. */
  announce(extra: Omit<LockHolder, 'pid'>): void;
  release(): void;
}

export const lockFileOf = (folder: string) => `${resolve(folder)}.lock`;

/** The live process holding the folder, or undefined (no lock, or a lock its dead owner left). */
export function lockHolder(folder: string): LockHolder | undefined {
  const holder = readHolder(lockFileOf(folder));
  return holder && isAlive(holder.pid) ? holder : undefined;
}

/** Takes the folder for this process, taking over a lock whose process is gone; FolderInUse when another lives. */
export function lockFolder(folder: string): FolderLock {
  const file = lockFileOf(folder);
  const mine = (extra: Omit<LockHolder, 'pid'> = {}) => JSON.stringify({ pid: process.pid, ...extra });
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, mine(), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw error;
        const holder = readHolder(file);
        if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new FolderInUse(folder, file, holder);
        // Left by a process that is gone (or unreadable, half written by one that died): taken over.
        rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  const ours = () => readHolder(file)?.pid === process.pid;
  const release = () => { if (ours()) rmSync(file, { force: true }); };
  // A process that exits without closing (an uncaught error) leaves no lock behind; a SIGKILL does, and the next start takes it over.
  process.once('exit', release);
  return {
    file,
    announce: (extra) => {
      if (!ours()) return;
      writeFileSync(draft, mine(extra), { mode: 0o600 });
      // rename replaces the lock in one step: a reader sees the old content or the new, never half of it.
      renameSync(draft, file);
    },
    release: () => { process.off('exit', release); release(); },
  };
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Signal 0 asks whether the process exists: ESRCH is gone, EPERM is alive under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
