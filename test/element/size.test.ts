// The size budget of the script-tag build (issue 4): dist/svc-card-form.js,
// Lit and the core included, at most 15 KB (15,000 bytes, the stricter reading)
// minified + gzip at gzip's default level, as `gzip -c dist/svc-card-form.js | wc -c`.
// `npm test` builds first; a bare `vitest run` without dist/ skips this one.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 15_000;
const file = resolve(process.cwd(), 'dist/svc-card-form.js');

describe('dist/svc-card-form.js', () => {
  it.skipIf(!existsSync(file))(`stays within ${BUDGET} bytes min+gzip`, () => {
    const source = readFileSync(file);
    const gzipped = gzipSync(source).length;
    expect(source.toString()).toContain('svc-card-form');
    expect(source.length / gzipped).toBeGreaterThan(1.5); // minified, not a stub
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  });
});
