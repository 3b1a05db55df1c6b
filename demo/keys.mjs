// The demo's key pair, made on first start by the project's key tool
// (dist/keygen.js, `svc-card-keygen`) into demo/.keys/ (git-ignored). The page
// gets the public half; only the sandbox reads the private half.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
    await promisify(execFile)(process.execPath, [KEYGEN, '--kid', keyId, '--bits', String(bits), '--out', dir], { timeout: 60_000 });
  }
  return {
    keyId,
    created,
    dir,
    publicKeyPem: readFileSync(publicFile, 'utf8'),
    privateKeyPem: readFileSync(privateFile, 'utf8'),
  };
}
