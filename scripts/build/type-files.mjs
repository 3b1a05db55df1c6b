// The declaration files a package's public entries need: those the `types` of its
// exports map reach through relative imports. Used by prune-types.mjs (the build) and
// by the test on `npm pack`'s file list.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:from\s*|import\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Paths (relative to `root`, posix) of every .d.ts reached from the exports' `types`. */
export function reachableTypeFiles(root = '.') {
  const { exports } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const seen = new Set();
  const reach = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(path.join(root, file), 'utf8').matchAll(SPECIFIER)) {
      reach(path.posix.join(path.posix.dirname(file), spec.replace(/\.js$/, '.d.ts')));
    }
  };
  for (const target of Object.values(exports)) if (target.types) reach(path.posix.normalize(target.types));
  return seen;
}
