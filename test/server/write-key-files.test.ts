// writeKeyFiles never leaves a partial set: a failed write removes every file, so a rerun works.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, type GeneratedKeyPair } from '../../src/server/generate-key-pair.js';
import { KeyFileExistsError, writeKeyFiles } from '../../src/server/write-key-files.js';

let dir: string;
let pair: GeneratedKeyPair;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-card-write-'));
  pair = await generateKeyPair({ keyId: 'w1', bits: 2048 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeKeyFiles', () => {
  it.each(['privateKeyPem', 'publicKeyPem', 'publicJwk'] as const)('removes every file when writing %s fails, and a rerun succeeds', async (member) => {
    const out = join(dir, member);
    // not writable data: the write throws after both files were created
    await expect(writeKeyFiles({ ...pair, [member]: 42 as never }, out)).rejects.toThrow();
    expect(await readdir(out)).toEqual([]);
    const { publicPath, privatePath, jwkPath } = await writeKeyFiles(pair, out);
    expect(await readFile(privatePath, 'utf8')).toBe(pair.privateKeyPem);
    expect(await readFile(publicPath, 'utf8')).toBe(pair.publicKeyPem);
    expect(JSON.parse(await readFile(jwkPath, 'utf8'))).toEqual(pair.publicJwk);
  });

  it('still refuses to overwrite an existing pair, and leaves it intact', async () => {
    const out = join(dir, 'twice');
    const { privatePath } = await writeKeyFiles(pair, out);
    const other = await generateKeyPair({ keyId: 'w1', bits: 2048 });
    await expect(writeKeyFiles(other, out)).rejects.toBeInstanceOf(KeyFileExistsError);
    expect(existsSync(privatePath)).toBe(true);
    expect(await readFile(privatePath, 'utf8')).toBe(pair.privateKeyPem);
  });
});
