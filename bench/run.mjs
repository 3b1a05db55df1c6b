// `npm run bench` (after the build): each benchmark that exists, in this order, in its own
// Node process. Benchmarks print numbers; they never fail because a machine is slow. A
// non-zero exit here means a benchmark crashed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const names = ['core', 'server', 'replay-flood', 'browser', 'frame', 'frame-shopper', 'sandbox', 'tenants', 'scale'];
let crashed = 0;
for (const name of names) {
  const file = fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
  if (!existsSync(file)) continue;
  console.log(`\n=== bench/${name}.mjs`);
  const run = spawnSync(process.execPath, ['--expose-gc', file, ...process.argv.slice(2)], { stdio: 'inherit' }); // gc: steadier memory figures
  if (run.status !== 0) {
    crashed++;
    console.log(`=== bench/${name}.mjs exited ${run.status ?? run.signal}`);
  }
}
process.exit(crashed ? 1 : 0);
