// Every source file (src/**: core, iife, element, server): no Math.random (TOKEN-FORMAT.md step 4
// needs a CSPRNG), no console (card data is never logged), no eval or new Function (strict CSP).
// The core also touches no DOM.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.[cm]?[jt]sx?$/.test(file))
  .sort()
  .map((file) => [path.join('src', file), readFileSync(path.join('src', file), 'utf8')] as const);

describe('library source', () => {
  it('has files to check in every part', () => {
    expect(sources.length).toBeGreaterThanOrEqual(30);
    for (const part of ['core', 'iife', 'element', 'server']) expect(sources.some(([file]) => file.startsWith(`src/${part}/`))).toBe(true);
  });

  it.each(sources)('%s never uses Math.random, console, eval or new Function', (file, code) => {
    expect(code).not.toMatch(/Math\s*\.\s*random/);
    // One exception: the element's setup warning for a bad public-key (issue 10), built from the key alone.
    expect(code.match(/\bconsole\s*\./g) ?? []).toEqual(file === path.join('src/element/key-check.ts') ? ['console.'] : []);
    expect(code).not.toMatch(/\beval\s*\(|new\s+Function\b/);
  });

  it.each(sources.filter(([file]) => file.startsWith('src/core')))('%s touches no DOM and imports nothing outside the core and the shared internals', (_file, code) => {
    expect(code).not.toMatch(/\b(window|document|navigator|localStorage)\b/);
    for (const [, specifier] of code.matchAll(/from '([^']+)'/g)) expect(specifier).toMatch(/^(?:\.|\.\.\/internal)\/[\w-]+\.js$/);
  });

  // src/internal is shared by the page and the service (issue 12): it ships to the browser, so it
  // reaches neither Node nor the service side, and from the core it takes types only.
  it.each(sources.filter(([file]) => file.startsWith('src/internal')))('%s touches no DOM or Node and imports only internals (and core types)', (_file, code) => {
    const withoutComments = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(withoutComments).not.toMatch(/\b(window|document|navigator|localStorage|Buffer|process)\b|node:/);
    for (const [, kind, specifier] of code.matchAll(/^(import(?: type)?|export)\b[^;]*?from '([^']+)'/gms)) {
      expect(specifier).toMatch(kind === 'import type' ? /^(?:\.|\.\.\/core)\/[\w-]+\.js$/ : /^\.\/[\w-]+\.js$/);
    }
  });
});
