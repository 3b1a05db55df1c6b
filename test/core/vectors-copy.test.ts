// test/vectors is the project's copy of the team's vectors (../shared/vectors), so a clone
// runs every test on its own. Whenever the original is beside the clone, the copy must
// equal it byte for byte: same files, same bytes, nothing extra, nothing missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedVectorsDir, upstreamVectorsDir } from '../../test-support/shared-vectors.mjs';

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const upstreamPresent = existsSync(upstreamVectorsDir);

describe('test/vectors, the project copy of the vectors', () => {
  it('holds the keys and both JSON files the tests read', () => {
    const files = filesUnder(sharedVectorsDir);
    expect(files).toContain('decrypt-vectors.json');
    expect(files).toContain('validation-vectors.json');
    expect(files).toContain('keys/rsa-2048-private.pem');
  });

  it.skipIf(!upstreamPresent)('equals ../shared/vectors byte for byte (skipped when no ../shared is beside the clone)', () => {
    const files = filesUnder(upstreamVectorsDir);
    expect(filesUnder(sharedVectorsDir)).toEqual(files);
    for (const file of files) {
      const copy = readFileSync(join(sharedVectorsDir, file));
      expect(copy.equals(readFileSync(join(upstreamVectorsDir, file))), file).toBe(true);
    }
  });
});
