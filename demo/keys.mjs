// The demo's key pair, made on first start with the project's key tool
// (generateKeyPair of dist/server.js) into demo/.keys/ (git-ignored). The page
// gets the public half; only the sandbox reads the private half.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const DEFAULT_DIR = new URL('./.keys/', import.meta.url);

/** Reads `<keyId>.public.pem` / `<keyId>.private.pem` from `dir`, generating them when absent. */
export async function ensureDemoKeys({ dir = DEFAULT_DIR, keyId = 'v1', bits = 3072 } = {}) {
  const publicFile = new URL(`${keyId}.public.pem`, dir);
  const privateFile = new URL(`${keyId}.private.pem`, dir);
  let created = false;
  if (!existsSync(publicFile) || !existsSync(privateFile)) {
    const { generateKeyPair } = await import('../dist/server.js');
    const pair = await generateKeyPair({ keyId, bits });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(privateFile, pair.privateKeyPem, { mode: 0o600 });
    chmodSync(privateFile, 0o600);
    writeFileSync(publicFile, pair.publicKeyPem);
    created = true;
  }
  return {
    keyId,
    created,
    dir: dir.pathname,
    publicKeyPem: readFileSync(publicFile, 'utf8'),
    privateKeyPem: readFileSync(privateFile, 'utf8'),
  };
}
