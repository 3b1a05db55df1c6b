// Issue 41, item 7: `npm ci` under the Node that README names (package.json's engines, 20.19)
// warned EBADENGINE for dependencies that want Node 22. Every package the lockfile installs
// must accept the oldest Node our engines allow; the sandbox's own pins reach merchants too.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const engines = (read('package.json').engines as { node: string }).node;
const oldestNode = semver.minVersion(engines)!.version;

it(`every package in package-lock.json accepts Node ${oldestNode}, the oldest our engines (${engines}) allow`, () => {
  const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
  const refusing = Object.entries(packages)
    .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
    .filter(([, entry]) => !semver.satisfies(oldestNode, (entry.engines as { node: string }).node))
    .map(([path, entry]) => `${path} wants node ${(entry.engines as { node: string }).node}`);
  expect(refusing).toEqual([]);
});

it("the workspaces' engines are the root's", () => {
  expect((read('packages/sandbox/package.json').engines as { node: string }).node).toBe(engines);
  expect((read('packages/client/package.json').engines as { node: string }).node).toBe(engines);
});
