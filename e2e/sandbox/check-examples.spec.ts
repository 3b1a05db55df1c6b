// @engines chromium
// `svc-sandbox check` against the three example shops (issue 41, item 2): each, built for
// production as a merchant runs it (the same install and build as recipes.spec, made once per run
// by e2e/support/recipes.ts), on a sandbox of its own with its webhook registered, passes every
// scenario it can be played; the PIX and boleto ones are skipped, saying why: the shops take
// cards only (no <svc-payment-methods>). Chromium only: the check drives Chromium.
import { expect, test } from '@playwright/test';
import { runCheck } from '../../packages/sandbox/check/run.js';
import { SCENARIOS, slipMethodsOf } from '../../packages/sandbox/check/scenarios.js';
import { startSandbox, type Sandbox } from '../../packages/sandbox/server.js';
import { CHECK_ACCESS } from '../../test-support/check-shops/start.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { SHARED_PUBLIC_KEY, serverModule } from '../support/decrypt.js';
import { registerWebhook } from '../support/recipe-orders.js';
import { readyRecipes, RECIPES, startRecipe, type Recipe, type ReadyRecipe } from '../support/recipes.js';

const recipes: Recipe[] = [RECIPES.nextAppRouter, RECIPES.nextPagesReact18, RECIPES.sveltekit];
/** What a card-only checkout cannot be asked: the scenarios that issue a PIX or a boleto. */
const SLIP_SCENARIOS = new Set(SCENARIOS.filter((s) => slipMethodsOf(s).length).map((s) => s.id));

let ready: Map<Recipe, Promise<ReadyRecipe>>;
test.beforeAll(() => {
  ready = readyRecipes(recipes);
});

for (const recipe of recipes) {
  test(`examples/${recipe.name} passes every scenario of svc-sandbox check it offers the method of`, async ({ browser }) => {
    test.setTimeout(1_500_000); // its install and build, when this spec comes before recipes.spec, then twelve shoppers
    const { dir } = await ready.get(recipe)!;
    const { createDecryptor } = await serverModule();
    // A sandbox nobody else uses (the check counts every payment it records as the scenario's order's).
    const sandbox: Sandbox = await startSandbox({ decryptor: await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } }), memory: true, webhookBackoffMs: 300 });
    const access = { url: sandbox.url, ...CHECK_ACCESS };
    const app = await startRecipe(recipe, dir, async (url) => {
      const webhook = await registerWebhook(access, `${url}/api/webhooks`);
      return {
        SVC_API_URL: sandbox.url, SVC_API_KEY: access.apiKey, SVC_COMPANY_ID: access.companyId, SVC_WEBHOOK_SECRET: webhook.secret,
        SVC_PUBLIC_KEY: SHARED_PUBLIC_KEY, SVC_KEY_ID: 'v1',
      };
    }).catch(async (error: unknown) => { await sandbox.close(); throw error; });
    try {
      const verdicts = await runCheck({ checkoutUrl: app.url, ...access, browser, scenarios: SCENARIOS });
      const found = Object.fromEntries(verdicts.map((v) => [v.scenario.id, v.skipped ? `skipped: ${v.skipped}` : v.findings.map((f) => `${f.problem} -> ${f.fix}`).join('\n')]));
      expect(found).toEqual(Object.fromEntries(SCENARIOS.map((s) => [s.id, SLIP_SCENARIOS.has(s.id)
        ? `skipped: the page offers no ${slipMethodsOf(s).map((m) => (m === 'pix' ? 'PIX' : 'boleto')).join(' or ')} (no <svc-payment-methods> radio for it)`
        : ''])));
      expect(app.output()).not.toMatch(/\bError\b/);
    } finally {
      await app.stop();
      await sandbox.close();
    }
  });
}
