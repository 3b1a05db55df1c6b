// Writes <kid>.public.pem, <kid>.public.jwk.json and <kid>.private.pem (0600) without ever
// overwriting: every file is created exclusively before anything is written, and all are
// removed if one fails, so no partial set is left.
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

/** The paths written. */
export interface KeyFilePaths {
  publicPath: string;
  jwkPath: string;
  privatePath: string;
}

/** Writes the pair into `dir` (created 0700 if missing, else checked: prepareKeyDir); resolves the paths. */
export async function writeKeyFiles(pair: GeneratedKeyPair, dir: string): Promise<KeyFilePaths> {
  await prepareKeyDir(dir);
  const base = join(dir, pair.keyId);
  // Private first: its mode is the one that matters if anything goes wrong later.
  const files = [
    { path: `${base}.private.pem`, mode: 0o600, text: pair.privateKeyPem },
    { path: `${base}.public.pem`, mode: 0o644, text: pair.publicKeyPem },
    // JSON.stringify of a non-object (a bad pair) gives no string: writeFile then throws.
    { path: `${base}.public.jwk.json`, mode: 0o644, text: typeof pair.publicJwk === 'object' ? `${JSON.stringify(pair.publicJwk, null, 2)}\n` : pair.publicJwk },
  ];
  const handles: FileHandle[] = [];
  try {
    for (const file of files) handles.push(await createExclusive(file.path, file.mode));
    await handles[0]!.chmod(0o600); // the umask may have removed bits, never added: make it exact
    for (const [i, handle] of handles.entries()) await handle.writeFile(files[i]!.text);
  } catch (error) {
    // The files opened are ours (created exclusively above): remove them, or a rerun refuses
    // with KEY_FILE_EXISTS over a half-written set.
    await Promise.allSettled(handles.map((handle) => handle.close()));
    await Promise.allSettled(files.slice(0, handles.length).map((file) => unlink(file.path)));
    throw error;
  }
  await Promise.all(handles.map((handle) => handle.close()));
  return { privatePath: files[0]!.path, publicPath: files[1]!.path, jwkPath: files[2]!.path };
}
