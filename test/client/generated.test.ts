// The client's types are generated from the description the sandbox serves: the
// committed file must be what the generator makes of today's /openapi.json.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { GENERATED_FILE, servedDescription, typesFor } from '../../packages/client/scripts/generate.js';
import { EVENTS_FILE, eventTypes } from '../../packages/client/scripts/generate-events.js';
import { EVENT_TYPES } from '../../packages/sandbox/webhooks/event-permissions.js';

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

it('packages/client/src/webhook-events.ts is what the generator makes of the sandbox\'s events table (npm run generate -w @svc-card/client)', () => {
  expect(readFileSync(EVENTS_FILE, 'utf8') === eventTypes(), 'packages/client/src/webhook-events.ts is stale: run `npm run generate -w @svc-card/client`').toBe(true);
  // One member of the union per event type the sandbox emits.
  const text = readFileSync(EVENTS_FILE, 'utf8');
  for (const type of EVENT_TYPES) expect(text).toContain(`extends EventEnvelope<'${type}'>`);
});
