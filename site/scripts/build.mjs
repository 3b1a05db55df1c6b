#!/usr/bin/env node
// `npm run docs:build`: the reference pages generated (generate.mjs), then the static site
// (VitePress) in site/.vitepress/dist. Needs `npm run build` (dist/). Prints each step's time.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vitepress';

const site = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const generated = spawnSync(process.execPath, [resolve(site, 'scripts/generate.mjs')], { stdio: 'inherit' });
if (generated.status !== 0) process.exit(generated.status ?? 1);
const built = performance.now();
await build(site);
console.log(`docs: VitePress build (${Math.round(performance.now() - built)} ms)`);
console.log(`docs: built in ${Math.round(performance.now() - started)} ms: site/.vitepress/dist`);
