// The source of the core and the script-tag entries: no Math.random (TOKEN-FORMAT.md step 4 needs
// a CSPRNG), no console, no eval or new Function (strict CSP), no DOM.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = ['src/core', 'src/iife'].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [path.join(dir, file), readFileSync(path.join(dir, file), 'utf8')] as const),
);

describe('core source', () => {
  it('has files to check', () => expect(sources.length).toBeGreaterThanOrEqual(7));

  it.each(sources)('%s never uses Math.random, console, eval or new Function', (_file, code) => {
    expect(code).not.toMatch(/Math\s*\.\s*random/);
    expect(code).not.toMatch(/\bconsole\s*\./);
    expect(code).not.toMatch(/\beval\s*\(|new\s+Function\b/);
  });

  it.each(sources.filter(([file]) => file.startsWith('src/core')))('%s touches no DOM and imports nothing outside the core', (_file, code) => {
    expect(code).not.toMatch(/\b(window|document|navigator|localStorage)\b/);
    for (const [, specifier] of code.matchAll(/from '([^']+)'/g)) expect(specifier).toMatch(/^\.\/[\w-]+\.js$/);
  });
});
