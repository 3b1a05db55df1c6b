// Access to the built files. Tests that need dist/ expect `npm run build` to have run
// (as `npm test` does) and fail loudly, never skip, when it has not.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const DIST = path.resolve(process.cwd(), 'dist');

export function distFile(name: string): string {
  const file = path.join(DIST, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before these tests (npm test does)`);
  return file;
}

export const distUrl = (name: string): string => pathToFileURL(distFile(name)).href;
export const readDist = (name: string): string => readFileSync(distFile(name), 'utf8');

/** An ESM file of dist/ with every file it imports from dist/, transitively. */
export function withStaticImports(name: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const code = readDist(file);
    files.set(file, code);
    for (const [, specifier] of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+)["']/g)) {
      visit(path.posix.join(path.posix.dirname(file), specifier!));
    }
  };
  visit(name);
  return files;
}

/** Any trace of Lit: an import of lit or @lit/*, or its runtime classes. */
export const LIT = /["'](?:lit|lit-html|lit-element|@lit\/[^"']+)(?:\/[^"']*)?["']|\bLitElement\b|\bReactiveElement\b|lit-html/;
