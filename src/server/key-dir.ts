// The folder the key tool writes into. Whoever can write to it can swap the public key
// the page encrypts to (or plant files next to the private key): a new folder is made
// 0700, and an existing one must be the current user's and not group/world-writable.
import { chmod, mkdir, stat } from 'node:fs/promises';

/** Thrown when `--out` is unsafe or not a directory; nothing was written. */
export class KeyDirError extends Error {
  readonly code = 'KEY_DIR_UNSAFE';
  constructor(readonly dir: string, readonly problem: string) {
    super(`${dir}: ${problem}`);
    this.name = 'KeyDirError';
  }
}

/** Creates `dir` (mode 0700, parents too) or checks the existing one; rejects with KeyDirError. */
export async function prepareKeyDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) await chmod(dir, 0o700); // the umask may have taken bits away: make it exact
  const info = await stat(dir);
  if (!info.isDirectory()) throw new KeyDirError(dir, 'is not a directory');
  const uid = process.getuid?.();
  if (uid === undefined) return; // no POSIX owners and modes (Windows): nothing to check
  if (info.uid !== uid)
    throw new KeyDirError(dir, `is owned by uid ${info.uid}, not by you (uid ${uid}): another user could replace the keys; choose a directory of your own`);
  if ((info.mode & 0o022) !== 0)
    throw new KeyDirError(dir, `is writable by group or others (mode ${(info.mode & 0o777).toString(8).padStart(4, '0')}): another user could replace the keys; chmod go-w it or choose another`);
}
