// The demo's key pair, made on first start by the project's key tool
// (dist/keygen.js, `svc-card-keygen`) into demo/.keys/ (git-ignored). The page
// gets the public half; only the sandbox reads the private half.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const DEFAULT_DIR = fileURLToPath(new URL('./.keys/', import.meta.url));
const KEYGEN = fileURLToPath(new URL('../dist/keygen.js', import.meta.url));

/** Reads `<keyId>.public.pem` / `<keyId>.private.pem` from `dir`, generating them when absent. */
export async function ensureDemoKeys({ dir = DEFAULT_DIR, keyId = 'v1', bits = 3072 } = {}) {
  const publicFile = join(dir, `${keyId}.public.pem`);
  const privateFile = join(dir, `${keyId}.private.pem`);
  const created = !existsSync(publicFile) || !existsSync(privateFile);
  if (created) {
    if (!existsSync(KEYGEN)) throw new Error('dist/keygen.js is missing: run `npm run build` (or `npm run demo`) first');
    // Generate into a fresh folder, then move in: a crash mid-way leaves at most a
    // half pair, which is dropped and made again here (the key tool refuses to overwrite).
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(join(dir, '.new-'));
    try {
      await promisify(execFile)(process.execPath, [KEYGEN, '--kid', keyId, '--bits', String(bits), '--out', staging], { timeout: 60_000 });
      rmSync(publicFile, { force: true });
      rmSync(privateFile, { force: true });
      renameSync(join(staging, `${keyId}.private.pem`), privateFile);
      renameSync(join(staging, `${keyId}.public.pem`), publicFile);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return {
    keyId,
    created,
    dir,
    publicKeyPem: readFileSync(publicFile, 'utf8'),
    privateKeyPem: readFileSync(privateFile, 'utf8'),
  };
}
