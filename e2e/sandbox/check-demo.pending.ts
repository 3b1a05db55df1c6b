// NOT IN THE SUITE YET (its name does not end in .spec.ts): `svc-sandbox check` against the demo.
// The demo on main still pays a card with POST /v1/transaction and makes a new charge per PIX or
// boleto (issue 41), so it fails the check today: pay-twice and pix-then-card pay twice, and no
// webhook is registered. Branch s26-demo-order changes it to one charge per order with keys and
// webhooks; once it is merged, rename this file to check-demo.spec.ts (Chromium only, as every
// e2e/sandbox spec) and it must pass every scenario, in both of the demo's modes.
import { expect, test } from '@playwright/test';
import { runCheck } from '../../packages/sandbox/check/run.js';
import { SCENARIOS } from '../../packages/sandbox/check/scenarios.js';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { startDemo } from '../../demo/start-demo.mjs';

test.describe.configure({ timeout: 900_000 });

for (const isolation of ['frame', 'inline'] as const) {
  test(`the demo (${isolation} mode) passes every scenario of svc-sandbox check`, async ({ browser }) => {
    const demo = await startDemo({ port: 0 });
    try {
      const checkoutUrl = `${demo.url}/?lang=en${isolation === 'inline' ? '&isolation=inline' : ''}`;
      const verdicts = await runCheck({
        checkoutUrl, url: demo.sandboxUrl, apiKey: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`, companyId: SANDBOX_CREDENTIAL.companies[0]!, browser, scenarios: SCENARIOS,
      });
      const found = Object.fromEntries(verdicts.map((v) => [v.scenario.id, v.findings.map((f) => f.problem).join('\n')]));
      expect(found).toEqual(Object.fromEntries(SCENARIOS.map((s) => [s.id, ''])));
    } finally {
      await demo.close();
    }
  });
}
