// npm test runs the unit projects in stages (vitest.config.ts NPM_TEST_STAGES, read by
// scripts/test-all.mjs): a project no stage names would never run in CI, one named twice would run twice.
import { expect, it } from 'vitest';
import config, { NPM_TEST_STAGES } from '../../vitest.config.js';

it('names every Vitest project in exactly one of npm test\'s stages', () => {
  const projects = (config.test?.projects as { test: { name: string } }[]).map((project) => project.test.name).sort();
  const staged = Object.values(NPM_TEST_STAGES).flat().sort();
  expect(staged).toEqual(projects);
});
