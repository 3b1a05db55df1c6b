// The documentation site (site/, VitePress), built as `npm run docs:build` builds it: its
// reference pages generated from the build (custom-elements.json, TypeDoc, the sandbox's own
// OpenAPI document), no internal link or anchor that lands nowhere. Its guides' code blocks are
// run or type-checked with README's (readme.test.ts). Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../../packages/sandbox/http/description.js';
import { brokenLinks } from './support/site-links.js';
import { thirdPartyRequests } from './support/third-party.js';

const DIST = 'site/.vitepress/dist';
const page = (path: string) => readFileSync(join(DIST, path), 'utf8');
/** Text of a page without its tags, entities decoded enough for names like `<svc-card-form>`. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

let build: { status: number | null; output: string };
beforeAll(() => {
  const run = spawnSync(process.execPath, ['site/scripts/build.mjs'], { encoding: 'utf8' });
  build = { status: run.status, output: `${run.stdout}${run.stderr}` };
  // The build's time, step by step, for whoever watches CI's length.
  console.log(build.output.split('\n').filter((line) => line.startsWith('docs:')).join('\n'));
  // TypeDoc over seven entry points and VitePress take 4-7 minutes on 2 busy cores (266-430 s seen):
  // past the package project's 300 s the build was cut while it worked, not failed.
}, 900_000);

describe('the documentation site', () => {
  it('builds, VitePress failing on a dead Markdown link', () => {
    expect(build.status, build.output.slice(-4000)).toBe(0);
  });

  it('has no internal link or #anchor that lands nowhere, in any page', () => {
    const { checked, broken } = brokenLinks(DIST);
    expect(checked).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  });

  it('has every guide, the playground and every reference page', () => {
    for (const path of ['index.html', 'playground.html', 'guide/quick-start.html', 'guide/element.html', 'guide/encrypt-card.html', 'guide/service.html', 'guide/sandbox.html', 'guide/deploying.html', 'guide/client.html',
      'reference/element.html', 'reference/api/index.html', 'reference/sizes.html', 'reference/benchmarks.html', 'reference/payments-api.html', 'payments-api/index.html', 'payments-api/openapi.json', 'reference/token-format.html', 'reference/test-cards.html']) {
      expect(existsSync(join(DIST, path)), path).toBe(true);
    }
  });

  it('the element reference names every attribute, event, custom property and part custom-elements.json declares, in both modes and for the methods chooser', () => {
    const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as { modules: { declarations?: { name: string; tagName?: string; attributes?: { name: string }[]; events?: { name: string }[]; cssProperties?: { name: string }[]; cssParts?: { name: string }[] }[] }[] };
    const declarations = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    expect(declarations.map((d) => d.name).sort()).toEqual(['SvcCardForm', 'SvcCardFormFrame', 'SvcPaymentMethods']);
    const reference = text(page('reference/element.html'));
    const [cardForm, methods] = reference.split('Payment methods: <svc-payment-methods>');
    const [inline, frame] = cardForm!.split('Frame mode');
    for (const declaration of declarations) {
      const part = { SvcCardForm: inline!, SvcCardFormFrame: frame!, SvcPaymentMethods: methods! }[declaration.name]!;
      const names = [...(declaration.attributes ?? []), ...(declaration.events ?? []), ...(declaration.cssProperties ?? [])].map((n) => n.name);
      names.push(...(declaration.cssParts ?? []).map((p) => `::part(${p.name})`));
      expect(names.length).toBeGreaterThan(declaration.name === 'SvcPaymentMethods' ? 5 : 10);
      for (const name of names) expect(part, `${declaration.name}: ${name}`).toContain(name);
    }
  });

  it('asks no third-party host for anything: no off-site script, style, font, image or icon (issue 41, item 7)', () => {
    expect(thirdPartyRequests(DIST)).toEqual([]);
    // Swagger UI's validator badge is an image from validator.swagger.io unless told not to.
    expect(page('payments-api/init.js')).toMatch(/validatorUrl: null/);
  });

  it('the TypeScript reference documents the entry points: encryptCard, the element classes, createDecryptor, createCardFrameHost, handleNextAction, the methods chooser, SSR', () => {
    const index = text(page('reference/api/index.html'));
    for (const module of ['core', 'element', 'frame/parent', 'next-action', 'payment-methods', 'ssr', 'server']) expect(index).toContain(module);
    expect(existsSync(join(DIST, 'reference/api/next-action/functions/handleNextAction.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/api/payment-methods/classes/SvcPaymentMethods.html'))).toBe(true);
    expect(readdirSync(join(DIST, 'reference/api/ssr/functions')).length).toBeGreaterThan(0);
    expect(existsSync(join(DIST, 'reference/api/core/functions/encryptCard.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/api/server/functions/createDecryptor.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/api/server/functions/createCardFrameHost.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/api/element/classes/SvcCardForm.html'))).toBe(true);
    // svc-card/mandate and svc-card/boleto-barcode: entries of their own (test/scripts/reference-entries).
    expect(existsSync(join(DIST, 'reference/api/next-action/mandate/functions/showMandate.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/api/next-action/itf/functions/itfSvg.html'))).toBe(true);
    // @svc-card/client's entry: its own TypeDoc run; the types generated from the description point to its reference.
    expect(existsSync(join(DIST, 'reference/client-api/functions/createClient.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/client-api/functions/verifyWebhook.html'))).toBe(true);
    expect(existsSync(join(DIST, 'reference/client-api/classes/ApiError.html'))).toBe(true);
    expect(text(page('reference/client-api/interfaces/paths.html'))).toContain('payments API reference');
  });

  it('the payments API reference is the sandbox\'s own document: its description, state table and every path', () => {
    const document = JSON.parse(page('payments-api/openapi.json')) as { openapi: string; info: { description: string }; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.description).toBe(DESCRIPTION);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/transaction', '/v1/charge/pay', '/sandbox/v1/clock/advance']));
    const rules = text(page('reference/payments-api.html'));
    // The test clock's state table, rendered as a table, and the sections the description appends.
    expect(/<table[^>]*>[\s\S]*?<th>row<\/th>[\s\S]*?<td>10<\/td>/.test(page('reference/payments-api.html')), 'the test clock\'s table, rows 1 to 10').toBe(true);
    for (const heading of ['Test clock: the automatic moves', 'Provider routes', 'Split and payables', 'Idempotency', 'Money moves', 'Tenants kept apart']) expect(rules).toContain(heading);
    expect(page('payments-api/index.html')).toContain('<script src="swagger-ui-bundle.js"></script>');
  });

  it('shows the screenshots from docs/screenshots', () => {
    expect(page('index.html')).toContain('/screenshots/checkout-empty.png');
    expect(readFileSync(join(DIST, 'screenshots/checkout-empty.png'))).toEqual(readFileSync('docs/screenshots/checkout-empty.png'));
  });
});
