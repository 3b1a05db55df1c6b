// Every module entry of svc-card's `exports` has a page in the site's TypeScript reference (issue 41,
// item 4): its source is one of TypeDoc's entry points (site/typedoc.json). Not listed there, by
// design: the script-tag builds (types under iife/) and the registrations (`define`, `hydrate`),
// which export nothing of their own (their classes are on the element, frame and chooser pages).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const { exports } = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string | { types: string }> };
const typedoc = JSON.parse(readFileSync('site/typedoc.json', 'utf8')) as { entryPoints: string[] };
const REGISTRATIONS = /\/(iife\/[^/]+|define|ssr\/hydrate)\.d\.ts$/;

it('each module entry of package.json is a TypeDoc entry point of the site', () => {
  const documented = new Set(typedoc.entryPoints.map((path) => resolve('site', path)));
  const modules = Object.entries(exports)
    .filter((entry): entry is [string, { types: string }] => typeof entry[1] === 'object' && !REGISTRATIONS.test(entry[1].types))
    .map(([entry, { types }]) => [entry, resolve(types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts'))] as const);
  expect(modules.map(([entry]) => entry)).toContain('./next-action');
  expect(modules.filter(([, source]) => !documented.has(source)).map(([entry]) => entry)).toEqual([]);
});
