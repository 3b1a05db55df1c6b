// @engines chromium
// startDemo's key pair (demo/keys.mjs): the first start in an empty keysDir
// generates it with the project's key tool, private half readable by the owner
// only; a second start reuses the same pair. Node only, like the sandbox tests.
import { expect, test } from '@playwright/test';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo } from '../../demo/start-demo.mjs';

test('a first start creates the key pair (private file 0600), a second start reuses it', async () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'svc-demo-keys-first-'));
  try {
    const first = await startDemo({ port: 0, keysDir });
    await first.close();
    expect(first.keys.created).toBe(true);
    expect(readdirSync(keysDir).sort()).toEqual(['v1.private.pem', 'v1.public.pem']);
    expect(statSync(join(keysDir, 'v1.private.pem')).mode & 0o777).toBe(0o600);
    expect(first.keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(first.keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    const second = await startDemo({ port: 0, keysDir });
    await second.close();
    expect(second.keys.created).toBe(false);
    expect(second.keys.publicKeyPem).toBe(first.keys.publicKeyPem);
    expect(second.keys.privateKeyPem).toBe(first.keys.privateKeyPem);
  } finally {
    rmSync(keysDir, { recursive: true, force: true });
  }
});

test('half a pair (a crash between the two writes) is replaced by a fresh pair', async () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'svc-demo-keys-half-'));
  try {
    writeFileSync(join(keysDir, 'v1.public.pem'), 'stale half');
    const demo = await startDemo({ port: 0, keysDir });
    await demo.close();
    expect(demo.keys.created).toBe(true);
    expect(demo.keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(readdirSync(keysDir).sort()).toEqual(['v1.private.pem', 'v1.public.pem']);
    expect(statSync(join(keysDir, 'v1.private.pem')).mode & 0o777).toBe(0o600);
  } finally {
    rmSync(keysDir, { recursive: true, force: true });
  }
});
