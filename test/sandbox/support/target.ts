// The sandbox the defect tests (stays-up-under-bad-requests.test.ts) run against. To see
// them fail on the old sandbox, point these at demo/sandbox/ of 09fba46.
export { startSandbox } from '../../../packages/sandbox/server.js';
export { SANDBOX_CREDENTIAL } from '../../../packages/sandbox/seed.js';
export { SANDBOX_CAPTCHA_TOKEN } from '../../../packages/sandbox/auth/guard.js';
