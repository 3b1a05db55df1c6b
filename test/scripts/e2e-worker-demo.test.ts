// The e2e worker's demo (e2e/support/engine-fixture.ts) is defined once. A second definition
// (e2e/frame/fixture.ts had one) starts a second demo in a worker that runs specs of both, and
// it ran under the 60 s test timeout: on three workers at load 18 every demo start of its specs
// timed out, and every test of those workers failed with it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const sources = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
  const path = join(folder, entry.name);
  if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.endsWith('-snapshots') ? [] : sources(path);
  return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
});

it('one worker-scoped demo fixture in e2e/, with a start-up timeout above the test timeout', () => {
  const workerDemos = sources('e2e').filter((file) => {
    const text = readFileSync(file, 'utf8');
    return /startDemo\(/.test(text) && /scope: 'worker'/.test(text);
  });
  expect(workerDemos).toEqual(['e2e/support/engine-fixture.ts']);
  const fixture = readFileSync('e2e/support/engine-fixture.ts', 'utf8');
  const demo = /\n  demo: \[[\s\S]*?\{ scope: 'worker', timeout: (\d+)_000 \}\]/.exec(fixture);
  expect(demo, 'the demo fixture names its own timeout').not.toBeNull();
  const testTimeout = Number(/timeout: (\d+)_000,/.exec(readFileSync('e2e/playwright.config.ts', 'utf8'))![1]);
  expect(Number(demo![1])).toBeGreaterThan(testTimeout);
});
