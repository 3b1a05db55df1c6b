// Keeps in dist/types only the declaration files a public entry needs (type-files.mjs).
// tsc emits one per source file, internals too (the key-generation CLI, the token
// parser...), which users cannot import and need not download.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { reachableTypeFiles } from './type-files.mjs';

const reached = reachableTypeFiles();
const emitted = readdirSync('dist/types', { recursive: true })
  .map((name) => path.posix.join('dist/types', name.split(path.sep).join('/')))
  .filter((file) => file.endsWith('.d.ts'));
const removed = emitted.filter((file) => !reached.has(file));
for (const file of removed) rmSync(file);
console.log(`dist/types: kept ${emitted.length - removed.length} declaration files, removed ${removed.length} internal ones`);
