// The sandbox's layers (.dependency-cruiser.cjs, drawn in CONTRIBUTING.md): each rule catches the
// import it forbids, tried on a small made-up tree. That the sandbox itself breaks none is npm
// test's `layers` suite (scripts/test-all.mjs), which runs depcruise over packages/sandbox.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

interface Violation { rule: { name: string }; from: string; to: string }

/** depcruise's violations for `path` under `cwd`, with the project's rules. */
async function violations(cwd: string, path: string): Promise<Violation[]> {
  // depcruise exits non-zero when it finds violations; the JSON on stdout is the answer either way.
  const run = await promisify(execFile)(DEPCRUISE, ['-c', CONFIG, '--output-type', 'json', path], { cwd, maxBuffer: 64 * 1024 * 1024 })
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the sandbox\'s layer rules', () => {
  const tree = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('each rule catches the import it forbids, and allows imports downwards', async () => {
    const files: Record<string, string> = {
      'tsconfig.json': '{}',
      'packages/sandbox/base/errors.ts': "import '../store/records.js';\nexport const e = 1;\n",
      'packages/sandbox/schemas/types.ts': "import '../base/errors.js';\nexport const t = 1;\n",
      'packages/sandbox/store/records.ts': "import '../domain/rules.js';\nimport '../schemas/types.js';\nexport const r = 1;\n",
      'packages/sandbox/domain/rules.ts': "import '../http/page.js';\nimport '../store/records.js';\nexport const d = 1;\n",
      'packages/sandbox/billing/engine.ts': "import '../routes/list.js';\nimport '../domain/rules.js';\nexport const b = 1;\n",
      'packages/sandbox/http/page.ts': "import '../domain/rules.js';\nimport '../base/errors.js';\nexport const h = 1;\n",
      'packages/sandbox/routes/list.ts': "import '../http/page.js';\nexport const l = 1;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), text);
    }
    const found = await violations(tree, 'packages/sandbox');
    expect(found.map((v) => `${v.rule.name}: ${v.from.replace('packages/sandbox/', '')} -> ${v.to.replace('packages/sandbox/', '')}`).sort()).toEqual([
      'bottom-imports-nothing-above: base/errors.ts -> store/records.ts',
      'middle-imports-no-http: billing/engine.ts -> routes/list.ts',
      'middle-imports-no-http: domain/rules.ts -> http/page.ts',
      'storage-imports-only-bottom: store/records.ts -> domain/rules.ts',
    ]);
  }, 300_000);
});
