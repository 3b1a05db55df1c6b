// @engines chromium
// Issue 28, item 3: the framework recipes in examples/ run as a merchant runs them. Each app is
// installed from the npm registry with its committed lockfile and the packed svc-card tarball,
// built for production (type errors and bundling errors fail `next build` / `vite build`),
// started, and driven: the page arrives server-rendered, a test card is typed and paid against
// the sandbox, the page shows the result. A server import that crashes fails the first test:
// these pages are rendered per request, so the build does not evaluate the form's module (tried:
// a define.js touching HTMLElement at import built fine, then answered 500 here).
//
// Chromium only: what is tested here is each framework's server and its hydration of the page,
// the same bytes for every browser; the element itself (typing, encrypting, submitting) runs in
// Chromium, Firefox ESR and WebKitGTK in e2e/element and e2e/demo. A second and third engine would
// only repeat the same page for minutes of CI.
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../packages/sandbox/server.js';
import { SANDBOX_CREDENTIAL } from '../../packages/sandbox/seed.js';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { PAID_CARD, PAID_NUMBER } from '../support/cards.mjs';
import { typeCard } from '../support/checkout.js';
import { SHARED_PUBLIC_KEY, serverModule } from '../support/decrypt.js';
import { buildRecipe, installRecipe, RECIPES, startRecipe, type Recipe, type RecipeApp } from '../support/recipes.js';

const ORDER_TEXT = 'Coffee beans, 1 kg: R$ 49,90';
const ORDER_CENTS = 4990;

const recipes: [string, Recipe][] = [
  ['Next.js App Router, React 19 (a ref callback)', RECIPES.nextAppRouter],
  ['Next.js Pages Router, React 18 (a ref and addEventListener)', RECIPES.nextPagesReact18],
  ['SvelteKit, Svelte 5 (adapter-node)', RECIPES.sveltekit],
];

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
/** Every app's `npm ci` at once (network and disk): the builds, one at a time, wait on their own. */
const installs = new Map<Recipe, Promise<number>>();
test.beforeAll(async () => {
  for (const [, recipe] of recipes) {
    const install = installRecipe(recipe);
    install.catch(() => {}); // awaited, and so reported, by that recipe's own beforeAll
    installs.set(recipe, install);
  }
  const { createDecryptor } = await serverModule();
  sandbox = await startSandbox({ decryptor: await createDecryptor({ keys: { v1: readSharedKey('rsa-2048-private.pem') } }), memory: true });
});
test.afterAll(async () => sandbox?.close());

for (const [title, recipe] of recipes) {
  test.describe(title, () => {
    let app: RecipeApp | undefined;

    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(900_000); // npm ci and a production build on a busy 2-core machine
      const installed = await installs.get(recipe)!;
      const { dir, seconds } = await buildRecipe(recipe);
      console.log(`examples/${recipe.name}: ${installed ? `npm ci ${installed} s (in parallel)` : 'installed before'}, ${seconds ? `built in ${seconds} s` : 'build cached'}`);
      app = await startRecipe(recipe, dir, {
        SVC_API_URL: sandbox.url,
        SVC_API_KEY: `${SANDBOX_CREDENTIAL.keyId}.${SANDBOX_CREDENTIAL.secret}`,
        SVC_COMPANY_ID: SANDBOX_CREDENTIAL.companies[0]!,
        SVC_PUBLIC_KEY: SHARED_PUBLIC_KEY,
        SVC_KEY_ID: 'v1',
      });
    });
    test.afterAll(async () => app?.stop());

    test('the page arrives server-rendered: the order and <svc-card-form> with its key in the HTML', async ({ request }) => {
      const response = await request.get(app!.url);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(ORDER_TEXT);
      expect(html).toMatch(/<svc-card-form[^>]*\bpublic-key="-----BEGIN PUBLIC KEY-----/);
      expect(html).toMatch(/<svc-card-form[^>]*\bkey-id="v1"/);
      expect(html).toContain('<button');
    });

    test('a test card typed and paid against the sandbox: the page shows the result, without a page error', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      // A hydration mismatch or a failed import is a console error; a missing favicon is not ours.
      page.on('console', (message) => { if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text()); });
      const before = new Set(sandbox.records.transactions.keys());

      await page.goto(app!.url);
      await expect(page.locator('#order')).toHaveText(ORDER_TEXT);
      await typeCard(page, PAID_CARD);
      await page.getByRole('button', { name: 'Pay R$ 49,90' }).click();

      const status = page.locator('form > p[role="status"]');
      await expect(status).toHaveText(`Paid with the card ending ${PAID_NUMBER.slice(-4)}.`);
      await expect(status).toHaveAttribute('data-outcome', 'paid');
      const made = [...sandbox.records.transactions.values()].filter((t) => !before.has(t._id));
      expect(made.map((t) => ({ status: t.status, amount: t.amount, last4: t.card?.last4 }))).toEqual([
        { status: 'PAID', amount: { value: ORDER_CENTS, currency: 'BRL' }, last4: PAID_NUMBER.slice(-4) },
      ]);
      expect(errors).toEqual([]);
      expect(app!.output()).not.toMatch(/\bError\b/);
    });
  });
}
