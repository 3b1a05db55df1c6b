// svc-card-keygen, run as the built file (dist/keygen.js) the package's bin points to.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecryptor } from '../../src/server/index.js';
import { openCard, tokenFor } from './support/cards.js';

const cli = resolve(process.cwd(), 'dist/keygen.js');
let dir: string;

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }));
  });
}

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  dir = await mkdtemp(join(tmpdir(), 'svc-card-keygen-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('svc-card-keygen', () => {
  it('keeps its shebang in the build', async () => {
    expect((await readFile(cli, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('--help prints the usage', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: svc-card-keygen');
    expect(stdout).toContain('--bits');
  });

  it('writes a 3072-bit pair by default: public SPKI, private PKCS#8 0600, which work end to end', async () => {
    const { code, stdout } = await run('--kid', 'demo-1', '--out', dir);
    expect(code).toBe(0);
    expect(stdout).not.toContain('PRIVATE KEY');
    const publicPem = await readFile(join(dir, 'demo-1.public.pem'), 'utf8');
    const privatePem = await readFile(join(dir, 'demo-1.private.pem'), 'utf8');
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----\n$/);
    expect(privatePem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect((await stat(join(dir, 'demo-1.private.pem'))).mode & 0o777).toBe(0o600);
    const { createPublicKey } = await import('node:crypto');
    expect(createPublicKey(publicPem).asymmetricKeyDetails?.modulusLength).toBe(3072);
    const decryptor = await createDecryptor({ keys: { 'demo-1': privatePem } });
    await expect(decryptor.decrypt(await tokenFor(publicPem, 'demo-1'))).resolves.toMatchObject({ keyId: 'demo-1', paymentProfile: openCard });
  });

  it('writes the public JWK too: the same key, with kid, alg and use, which encryptCard takes', async () => {
    const jwk = JSON.parse(await readFile(join(dir, 'demo-1.public.jwk.json'), 'utf8'));
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', kid: 'demo-1', e: 'AQAB' });
    const { createPublicKey } = await import('node:crypto');
    const fromPem = createPublicKey(await readFile(join(dir, 'demo-1.public.pem'), 'utf8')).export({ format: 'jwk' });
    expect(fromPem.n).toBe(jwk.n);
    const decryptor = await createDecryptor({ keys: { 'demo-1': await readFile(join(dir, 'demo-1.private.pem'), 'utf8') } });
    await expect(decryptor.decrypt(await tokenFor(jwk, 'demo-1'))).resolves.toMatchObject({ paymentProfile: openCard });
  });

  it('--bits 2048 into a new directory', async () => {
    const out = join(dir, 'nested', 'keys');
    const { code } = await run('--bits', '2048', '--kid', '2027-01.rot_b', '--out', out);
    expect(code).toBe(0);
    const { createPrivateKey } = await import('node:crypto');
    const key = createPrivateKey(await readFile(join(out, '2027-01.rot_b.private.pem'), 'utf8'));
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // Issue 14 defect 8: made 0700 (parents too), whatever the umask lets through.
    expect((await stat(out)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'nested'))).mode & 0o777).toBe(0o700);
  });

  // Issue 14 defect 8: in a shared folder another user could swap the public key the page encrypts to.
  it.each(['0777', '0770', '1777', '0722'])('refuses an existing --out of mode %s (group/world-writable), naming --out, writing nothing', async (octal) => {
    const mode = parseInt(octal, 8);
    const out = join(dir, `shared-${octal}`);
    await mkdir(out);
    await chmod(out, mode);
    const { code, stderr } = await run('--out', out);
    expect(code).toBe(1);
    expect(stderr).toBe(`svc-card-keygen: --out ${out}: is writable by group or others (mode ${(mode & 0o777).toString(8).padStart(4, '0')}): another user could replace the keys; chmod go-w it or choose another\n`);
    expect(await readdir(out)).toEqual([]);
  });

  it('refuses an existing --out owned by another user, naming --out and the owner', async () => {
    // As root: a folder handed to `nobody`; otherwise the root folder, which root owns.
    const asRoot = process.getuid?.() === 0;
    const out = asRoot ? join(dir, 'someone-else') : '/';
    if (asRoot) {
      await mkdir(out, { mode: 0o755 });
      await chown(out, 65534, 65534);
    }
    const { code, stderr } = await run('--out', out);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^svc-card-keygen: --out ${out}: is owned by uid \\d+, not by you \\(uid ${process.getuid?.()}\\)`));
    if (asRoot) expect(await readdir(out)).toEqual([]);
  });

  it('accepts an existing folder of its own that others can only read (0755)', async () => {
    const out = join(dir, 'readable');
    await mkdir(out);
    await chmod(out, 0o755);
    expect((await run('--bits', '2048', '--out', out)).code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['v1.private.pem', 'v1.public.jwk.json', 'v1.public.pem']);
  });

  it('refuses to overwrite either file, leaving everything as it was', async () => {
    const before = await readFile(join(dir, 'demo-1.private.pem'), 'utf8');
    const again = await run('--kid', 'demo-1', '--bits', '2048', '--out', dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('refusing to overwrite');
    expect(await readFile(join(dir, 'demo-1.private.pem'), 'utf8')).toBe(before);

    await writeFile(join(dir, 'only.private.pem'), 'mine');
    const half = await run('--kid', 'only', '--bits', '2048', '--out', dir);
    expect(half.code).toBe(1);
    expect(half.stderr).toContain('only.private.pem already exists');
    expect(existsSync(join(dir, 'only.public.pem'))).toBe(false); // no half pair left behind
    expect(existsSync(join(dir, 'only.public.jwk.json'))).toBe(false);
    expect(await readFile(join(dir, 'only.private.pem'), 'utf8')).toBe('mine');
  });

  it('says it cannot write the key files when --out is not a directory', async () => {
    await writeFile(join(dir, 'a-file'), 'x');
    const { code, stderr } = await run('--bits', '2048', '--out', join(dir, 'a-file'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^svc-card-keygen: cannot write the key files: /);
    expect(stderr).not.toContain('cannot generate');
  });

  it.each([
    [['--bits', '1024'], '--bits: expected 2048, 3072 or 4096'],
    [['--bits', '3072x'], '--bits'],
    [['--kid', 'a b'], '--kid: expected'],
    [['--kid', 'k'.repeat(65)], '--kid: expected'],
    [['--kid'], "argument missing"],
    [['--colour'], "Unknown option '--colour'"],
    [['extra'], 'extra'],
  ])('usage error %j', async (args, words) => {
    const { code, stderr } = await run('--out', dir, ...args);
    expect(code).toBe(2);
    expect(stderr).toContain(words);
    expect(stderr).toContain('Usage: svc-card-keygen');
  });
});
