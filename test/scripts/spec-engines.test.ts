// Which engines a spec runs in, and whether it runs alone, read from its `// @engines` line
// (e2e/spec-engines.ts): `@layout` (it watches things move) and `@timed` (it asserts wall-clock
// time) both put it in the `<engine>-layout` projects, one test at a time with nothing beside it.
import { expect, it } from 'vitest';
import { parseSpecEngines } from '../../e2e/spec-engines.js';

it('@engines all is the three engines, run with workers', () => {
  expect(parseSpecEngines('a.spec.ts', '// @engines all\n')).toEqual({ file: 'a.spec.ts', engines: ['chromium', 'firefox', 'webkit'], layout: false });
});

it('@layout and @timed run alone, in the engines named', () => {
  expect(parseSpecEngines('a.spec.ts', '// @engines all @layout\n')).toMatchObject({ engines: ['chromium', 'firefox', 'webkit'], layout: true });
  expect(parseSpecEngines('b.spec.ts', '// @engines chromium @timed\n')).toMatchObject({ engines: ['chromium'], layout: true });
});

it('a line without an engine, or with an unknown word, is refused, naming the spec', () => {
  expect(() => parseSpecEngines('c.spec.ts', '// @engines @timed\n')).toThrow(/e2e\/c\.spec\.ts: @engines takes/);
  expect(() => parseSpecEngines('d.spec.ts', '// @engines chromium @slow\n')).toThrow(/e2e\/d\.spec\.ts: @engines takes .* not "chromium @slow"/);
  expect(() => parseSpecEngines('e.spec.ts', 'import x from "y";\n')).toThrow(/e2e\/e\.spec\.ts: say which engines/);
});
