// The sandbox's card key pair: `<keyId>.private.pem` and `<keyId>.public.pem` in a folder (the
// names svc-card-keygen writes, so the demo's demo/.keys/ serves too), made by svc-card/server's
// generateKeyPair on first start. The page encrypts with the public half; only the sandbox
// reads the private half.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPair } from 'svc-card/server';

export interface SandboxKeys { keyId: string; created: boolean; publicKeyFile: string; publicKeyPem: string; privateKeyPem: string }

/** Reads the pair from `dir`, generating it (RSA 3072, like the key tool's default) when either half is absent. */
export async function ensureKeys(dir: string, keyId = 'v1'): Promise<SandboxKeys> {
  const publicKeyFile = join(dir, `${keyId}.public.pem`);
  const privateFile = join(dir, `${keyId}.private.pem`);
  const created = !existsSync(publicKeyFile) || !existsSync(privateFile);
  if (created) {
    const pair = await generateKeyPair({ keyId, bits: 3072 });
    // Written into a fresh folder, then moved in: a crash mid-way leaves at most a half pair, made again next start.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(join(dir, '.new-'));
    try {
      writeFileSync(join(staging, 'private.pem'), pair.privateKeyPem, { mode: 0o600 });
      writeFileSync(join(staging, 'public.pem'), pair.publicKeyPem, { mode: 0o644 });
      renameSync(join(staging, 'private.pem'), privateFile);
      renameSync(join(staging, 'public.pem'), publicKeyFile);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return { keyId, created, publicKeyFile, publicKeyPem: readFileSync(publicKeyFile, 'utf8'), privateKeyPem: readFileSync(privateFile, 'utf8') };
}
