// What bench/scale.mjs needs of the sandbox for its clock figures, imported
// together (one tsImport: one copy of engine.ts, so setting clockStepping
// reaches the sandbox it starts).
export { startSandbox } from '../packages/sandbox/server.js';
export { clockStepping } from '../packages/sandbox/billing/engine.js';
export { createCredential } from '../packages/sandbox/auth/credentials.js';
export { ALL_PERMISSIONS } from '../packages/sandbox/auth/permissions.js';
