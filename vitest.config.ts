// Unit tests split by environment (STYLE.md habit 7): node for the core and the
// service side, happy-dom for rendering the element. Real-browser checks live in e2e/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Generous timeouts: property tests run thousands of encryptions, slow on a busy machine.
      { test: { name: 'core', environment: 'node', include: ['test/core/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'server', environment: 'node', include: ['test/server/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'element', environment: 'happy-dom', include: ['test/element/**/*.test.ts'] } },
      // The package as published (needs `npm run build`): its file list, its types in user projects.
      { test: { name: 'package', environment: 'node', include: ['test/package/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } },
    ],
  },
});
