// Writes <kid>.public.pem and <kid>.private.pem (0600) without ever overwriting: both
// files are created exclusively before anything is written, and removed if a write fails,
// so no half pair is left.
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedKeyPair } from './generate-key-pair.js';
import { prepareKeyDir } from './key-dir.js';

/** Thrown when a file of the pair already exists; nothing was written. */
export class KeyFileExistsError extends Error {
  readonly code = 'KEY_FILE_EXISTS';
  constructor(readonly path: string) {
    super(`${path} already exists: refusing to overwrite (choose another --kid or --out)`);
    this.name = 'KeyFileExistsError';
  }
}

async function createExclusive(path: string, mode: number): Promise<FileHandle> {
  try {
    return await open(path, 'wx', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new KeyFileExistsError(path);
    throw error;
  }
}

/** Writes the pair into `dir` (created 0700 if missing, else checked: prepareKeyDir); resolves the two paths. */
export async function writeKeyFiles(pair: GeneratedKeyPair, dir: string): Promise<{ publicPath: string; privatePath: string }> {
  await prepareKeyDir(dir);
  const publicPath = join(dir, `${pair.keyId}.public.pem`);
  const privatePath = join(dir, `${pair.keyId}.private.pem`);
  const publicFile = await createExclusive(publicPath, 0o644);
  let privateFile: FileHandle;
  try {
    privateFile = await createExclusive(privatePath, 0o600);
  } catch (error) {
    await publicFile.close();
    await unlink(publicPath);
    throw error;
  }
  try {
    await privateFile.chmod(0o600); // the umask may have removed bits, never added: make it exact
    await privateFile.writeFile(pair.privateKeyPem);
    await publicFile.writeFile(pair.publicKeyPem);
  } catch (error) {
    // Both files are ours (created exclusively above): remove them, or a rerun refuses with
    // KEY_FILE_EXISTS over a half-written pair.
    await Promise.allSettled([privateFile.close(), publicFile.close()]);
    await Promise.allSettled([unlink(privatePath), unlink(publicPath)]);
    throw error;
  }
  await Promise.all([privateFile.close(), publicFile.close()]);
  return { publicPath, privatePath };
}
