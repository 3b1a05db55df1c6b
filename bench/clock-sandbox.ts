// What bench/scale.mjs and bench/tenants.mjs need of the sandbox (the clock's and the batch's switches), imported
// together (one tsImport: one copy of engine.ts, so setting clockStepping
// reaches the sandbox it starts).
export { startSandbox } from '../packages/sandbox/server.js';
export { clockStepping } from '../packages/sandbox/billing/engine.js';
export { batchWriting } from '../packages/sandbox/billing/batch-worker.js';
export { createCredential } from '../packages/sandbox/auth/credentials.js';
export { ALL_PERMISSIONS } from '../packages/sandbox/auth/permissions.js';
