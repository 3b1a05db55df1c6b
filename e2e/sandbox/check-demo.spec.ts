// @engines chromium
// `svc-sandbox check` against the demo (issue 41, item 2): one charge per order, keys from the
// order and the attempt, fulfilment from verified webhooks: every scenario passes, in both modes.
// On the worker's demo (support/engine-fixture.ts), which the specs before it in the worker used:
// the check judges only what happened after it began (the sandbox's cursor) and under its own
// holder names, so their records are none of its scenarios'.
import { runCheck } from '../../packages/sandbox/check/run.js';
import { SCENARIOS } from '../../packages/sandbox/check/scenarios.js';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { expect, test } from '../support/engine-fixture.js';

test.describe.configure({ timeout: 900_000 });

for (const isolation of ['frame', 'inline'] as const) {
  test(`the demo (${isolation} mode) passes every scenario of svc-sandbox check`, async ({ browser, demo }) => {
    const checkoutUrl = `${demo.url}/?lang=en${isolation === 'inline' ? '&isolation=inline' : ''}`;
    const verdicts = await runCheck({
      checkoutUrl, url: demo.sandboxUrl, apiKey: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`, companyId: SANDBOX_CREDENTIAL.companies[0]!, browser, scenarios: SCENARIOS,
    });
    // A skipped scenario is no pass: the demo offers card, PIX and boleto, so every one is played.
    const found = Object.fromEntries(verdicts.map((v) => [v.scenario.id, v.skipped ? `skipped: ${v.skipped}` : v.findings.map((f) => f.problem).join('\n')]));
    expect(found).toEqual(Object.fromEntries(SCENARIOS.map((s) => [s.id, ''])));
  });
}
