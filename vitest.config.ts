// Unit tests split by environment (STYLE.md habit 7): node for the core and the
// service side, happy-dom for rendering the element. Real-browser checks live in e2e/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', environment: 'node', include: ['test/core/**/*.test.ts'] } },
      { test: { name: 'server', environment: 'node', include: ['test/server/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      // The payments API sandbox (sandbox/): inject() against in-memory PGlite; PGlite starts in seconds, hence the timeouts.
      { test: { name: 'sandbox', environment: 'node', include: ['test/sandbox/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 300_000 } },
      { test: { name: 'element', environment: 'happy-dom', include: ['test/element/**/*.test.ts'] } },
    ],
  },
});
