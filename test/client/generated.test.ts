// The client's types are generated from the description the sandbox serves: the
// committed file must be what the generator makes of today's /openapi.json.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { GENERATED_FILE, servedDescription, typesFor } from '../../packages/client/scripts/generate.js';

let description: object;
beforeAll(async () => { description = await servedDescription(); });

it('packages/client/src/api.ts is what openapi-typescript makes of the /openapi.json a sandbox serves (npm run generate -w @svc-card/client)', async () => {
  const fresh = await typesFor(description);
  expect(readFileSync(GENERATED_FILE, 'utf8') === fresh, 'packages/client/src/api.ts is stale: run `npm run generate -w @svc-card/client`').toBe(true);
});

it('the generated types name every operation the description has', async () => {
  const { paths } = description as { paths: Record<string, Record<string, { operationId?: string }>> };
  const text = readFileSync(GENERATED_FILE, 'utf8');
  const ids = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)).filter(Boolean);
  expect(ids.length).toBeGreaterThan(30);
  for (const id of ids) expect(text).toContain(`    ${id}: {`);
});
