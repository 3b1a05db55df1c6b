// Which engines each browser spec runs in, said by the spec itself (issue 42): one line among its
// first comments,
//
//   // @engines chromium firefox webkit     (or any of them; `all` is the three)
//   // @engines all @layout                  (@layout: it watches things move, so it runs alone)
//   // @engines chromium @timed              (@timed: it asserts wall-clock time, so it runs alone too)
//
// Behaviour an engine can change (layout, input and caret, focus, form association, crypto, CSP,
// clipboard, storage, frames) runs in every engine the spec's page can drive: webkit needs a spec
// written against EnginePage (support/engine-fixture.ts), not Playwright's `page`. Behaviour of our
// own code or of the servers behind the page runs in Chromium alone. A spec without the line, or
// with an engine not listed here, stops the run with a message naming it.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface SpecEngines {
  /** The spec's path relative to e2e/, as testMatch takes it. */
  file: string;
  engines: EngineName[];
  /**
   * It runs serially, alone (the `<engine>-layout` projects): it measures movement over time
   * (`@layout`: layout shifts, boxes before and after a change) or asserts wall-clock time (`@timed`).
   */
  layout: boolean;
}

const LINE = /^\/\/\s*@engines\s+(.+)$/m;

/** The annotation of one spec's source, or an Error saying what is wrong with it. */
export function parseSpecEngines(file: string, source: string): SpecEngines {
  const found = LINE.exec(source.slice(0, 4_000));
  if (!found) throw new Error(`e2e/${file}: say which engines it runs in, a line \`// @engines all\` or \`// @engines chromium\` (and \`@layout\` when it watches things move); see e2e/spec-engines.ts`);
  const words = found[1]!.trim().split(/\s+/);
  const layout = words.includes('@layout') || words.includes('@timed');
  const named = words.filter((word) => word !== '@layout' && word !== '@timed');
  const unknown = named.filter((word) => word !== 'all' && !(ENGINES as readonly string[]).includes(word));
  if (unknown.length || named.length === 0) throw new Error(`e2e/${file}: @engines takes ${ENGINES.join(', ')} or all, and @layout or @timed; not "${found[1]!.trim()}"`);
  const engines = named.includes('all') ? [...ENGINES] : ENGINES.filter((engine) => named.includes(engine));
  return { file, engines, layout };
}

/** Every *.spec.ts under `root` (e2e/) with its engines. */
export function specEngines(root: string): SpecEngines[] {
  const specs: SpecEngines[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.endsWith('-snapshots')) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.spec.ts')) specs.push(parseSpecEngines(relative(root, path), readFileSync(path, 'utf8')));
    }
  };
  walk(root);
  return specs;
}

/** testMatch of one project: the specs of `engine`, the layout ones or the others. */
export const specsFor = (specs: SpecEngines[], engine: EngineName, layout: boolean): string[] =>
  specs.filter((spec) => spec.engines.includes(engine) && spec.layout === layout).map((spec) => spec.file);
