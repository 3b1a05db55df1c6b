// A throwaway key directory for startDemo in tests, so they never touch the
// real demo/.keys/ and the key-generation path runs on every test run. One per
// process (made on first use, removed on exit): the first startDemo generates
// the pair, later ones in the same process reuse it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir;

/** The process's temporary keysDir for startDemo. */
export function testKeysDir() {
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'svc-demo-keys-'));
    const made = dir;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return dir;
}
