// What `npm pack` would publish (needs `npm run build`): everything a user needs, every
// path the package names (exports, bin, the custom-elements manifest and its modules)
// present, and nothing internal (sources, tests, internal declaration files).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { reachableTypeFiles } from '../../scripts/build/type-files.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  bin: Record<string, string>;
  customElements: string;
};
let packed: Set<string>;

beforeAll(() => {
  const report = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' })) as [{ files: { path: string }[] }];
  packed = new Set(report[0].files.map((file) => file.path));
});

const strip = (path: string) => path.replace(/^\.\//, '');

describe('npm pack file list', () => {
  it('has the README, LICENSE, the token format document and package.json', () => {
    for (const file of ['README.md', 'LICENSE', 'docs/token-format.md', 'package.json']) expect(packed, file).toContain(file);
  });

  it('has every file the exports map, bin and customElements name', () => {
    const targets = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : [target.types, target.default]));
    for (const file of [...targets, ...Object.values(pkg.bin), pkg.customElements].map(strip)) expect(packed, file).toContain(file);
  });

  it("dist/frame/ holds what README's table (the quick start includes it) says it does, no more and no less", () => {
    const KINDS: Record<string, RegExp> = { page: /\.html$/, script: /\.js$/, style: /\.css$/, '`manifest.json` with SRI': /manifest\.json$/ };
    const frame = [...packed].filter((file) => file.startsWith('dist/frame/'));
    // One source: the quick start's package table and TypeScript section are README's regions, included by VitePress.
    const quickStart = readFileSync('site/guide/quick-start.md', 'utf8');
    for (const region of ['package', 'typescript']) {
      expect(quickStart).toContain(`<!--@include: ../../README.md#${region}-->`);
      expect(readFileSync('README.md', 'utf8')).toMatch(new RegExp(`^<!-- #region ${region} -->$[^]*^<!-- #endregion ${region} -->$`, 'm'));
    }
    for (const page of ['README.md']) {
      const row = /`dist\/frame\/` \(([^);]*)/.exec(readFileSync(page, 'utf8'));
      expect(row, `${page}: the dist/frame/ row`).not.toBeNull();
      const said = row![1]!.split(', ');
      for (const kind of said) expect(frame.filter((file) => KINDS[kind]?.test(file)), `${page} says dist/frame/ has a ${kind}`).not.toEqual([]);
      for (const file of frame) expect(said.some((kind) => KINDS[kind]?.test(file)), `${page} leaves out ${file}`).toBe(true);
    }
  });

  it('has every module the custom-elements manifest points at', () => {
    const manifest = JSON.parse(readFileSync(pkg.customElements, 'utf8')) as { modules: { path: string; exports?: { declaration: { module?: string } }[] }[] };
    const paths = manifest.modules.flatMap((module) => [module.path, ...(module.exports ?? []).flatMap((e) => e.declaration.module ?? [])]);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(packed, path).toContain(strip(path));
  });

  it('has exactly the declaration files the public entries reach: none missing, none internal', () => {
    const declarations = [...packed].filter((file) => file.endsWith('.d.ts')).sort();
    expect(declarations).toEqual([...reachableTypeFiles()].sort());
    expect(declarations).not.toContain('dist/types/server/keygen-cli.d.ts');
  });

  it('has nothing but dist/, the documents and package.json', () => {
    const unexpected = [...packed].filter((file) => !/^dist\//.test(file) && !['README.md', 'LICENSE', 'docs/token-format.md', 'package.json'].includes(file));
    expect(unexpected).toEqual([]);
  });
});
