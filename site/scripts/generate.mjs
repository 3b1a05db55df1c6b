#!/usr/bin/env node
// Generates the site's reference pages before VitePress builds or serves it (needs
// `npm run build`: dist/custom-elements.json). Nothing it writes is committed (.gitignore):
// - reference/element.md      from dist/custom-elements.json (element-reference.mjs), and the
//                             attribute and custom property tables site/guide/element.md includes
// - reference/api/**          TypeDoc (typedoc-plugin-markdown) over the package's entry points
// - public/payments-api/      the sandbox's OpenAPI document, made by the sandbox's own code
//                             (openapi.ts), shown by Swagger UI (@fastify/swagger-ui's files)
// - reference/payments-api.md the document's description: the sandbox's rules and state tables
// - reference/test-cards.md   the sandbox's test cards (test-cards.ts, over test-cards.json)
// - public/screenshots/       docs/screenshots, and the form's reviewed look snapshots
// Each step prints its time, so the docs build's share of CI stays visible.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { elementReference, guideTables, playgroundManifest } from './element-reference.mjs';

const site = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(site, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

async function step(name, run) {
  const started = performance.now();
  await run();
  console.log(`docs: ${name} (${Math.round(performance.now() - started)} ms)`);
}

function exec(command, args, cwd = site) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}`))));
  });
}

/**
 * The description as this page's Markdown: outside code, a `<` (`<unix seconds>`, `<frame port>`)
 * and a `{` are written as text, not read as an HTML tag or a Vue interpolation.
 */
function asMarkdown(description) {
  let fenced = false;
  return description.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced) return line;
    return line.split(/(``.+?``|`[^`]*`)/).map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/\{/g, '&#123;'))).join('');
  }).join('\n');
}

const manifestFile = join(root, 'dist/custom-elements.json');
if (!existsSync(manifestFile)) throw new Error('dist/custom-elements.json is missing: run `npm run build` first');

await step('element reference', () => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  writeFileSync(join(site, 'reference/element.md'), elementReference(manifest));
  mkdirSync(join(site, '.vitepress/generated'), { recursive: true });
  writeFileSync(join(site, '.vitepress/generated/element.json'), `${JSON.stringify(playgroundManifest(manifest), null, 2)}\n`);
  // site/guide/element.md includes these: its attributes' and custom properties' tables.
  const tables = guideTables(manifest);
  writeFileSync(join(site, '.vitepress/generated/element-attributes.md'), tables.attributes);
  writeFileSync(join(site, '.vitepress/generated/element-css-properties.md'), tables.cssProperties);
});

// `--element-only`: the playground's list alone (e2e/chromium/docs-playground.spec.ts), no reference pages.
if (process.argv.includes('--element-only')) process.exit(0);

// The two slow steps (TypeDoc, a sandbox started for its document) run side by side.
await Promise.all([step('TypeScript API (TypeDoc)', () => {
  rmSync(join(site, 'reference/api'), { recursive: true, force: true });
  return exec(bin('typedoc'), ['--options', 'typedoc.json']);
}),

step('payments API (OpenAPI from the sandbox, Swagger UI)', async () => {
  const out = join(site, 'public/payments-api');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await exec(bin('tsx'), [join(site, 'scripts/openapi.ts'), join(out, 'openapi.json')], root);
  const ui = join(root, 'node_modules/@fastify/swagger-ui/static');
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'index.css']) cpSync(join(ui, file), join(out, file));
  cpSync(join(site, 'scripts/swagger-init.js'), join(out, 'init.js'));
  writeFileSync(join(out, 'index.html'), [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Payments API sandbox: operations</title>',
    '<link rel="stylesheet" href="swagger-ui.css">',
    '<link rel="stylesheet" href="index.css">',
    '</head>',
    '<body>',
    '<p style="font:14px system-ui;margin:1em 2em"><a href="../reference/payments-api.html">Back to the documentation</a> · <a href="openapi.json">openapi.json</a></p>',
    '<div id="swagger-ui"></div>',
    '<script src="swagger-ui-bundle.js"></script>',
    '<script src="init.js"></script>',
    '</body>',
    '</html>',
    '',
  ].join('\n'));
  const document = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'));
  writeFileSync(join(site, 'reference/payments-api.md'), [
    '---',
    'outline: [2, 3]',
    '---',
    '',
    `# ${document.info.title} ${document.info.version}`,
    '',
    '::: info Generated',
    `This page is the description of the sandbox's OpenAPI document, made from the sandbox's code on every docs build (\`packages/sandbox/http/description.ts\` and \`packages/sandbox/http/docs/*.ts\`, where every sandbox rule is written once). Its ${Object.keys(document.paths).length} paths, their schemas and answers: <a href="/payments-api/index.html" target="_self">the operations (Swagger UI)</a>, or <a href="/payments-api/openapi.json" target="_self">openapi.json</a>.`,
    ':::',
    '',
    '<div v-pre>',
    '',
    // Headings one level down: the page's title is the only h1.
    asMarkdown(document.info.description),
    '',
    '</div>',
    '',
  ].join('\n'));
})]);

await step('test cards (from the sandbox\'s test-cards.json)', () => exec(bin('tsx'), [join(site, 'scripts/test-cards.ts'), join(site, 'reference/test-cards.md')], root));

await step('screenshots', () => {
  rmSync(join(site, 'public/screenshots'), { recursive: true, force: true });
  cpSync(join(root, 'docs/screenshots'), join(site, 'public/screenshots'), { recursive: true });
  // The form in light and dark: the reviewed look snapshots (e2e/chromium/look-screenshots.spec.ts).
  const looks = join(root, 'e2e/chromium/look-screenshots.spec.ts-snapshots');
  for (const [from, to] of [['empty-1280-light', 'form-light'], ['empty-1280-dark', 'form-dark'], ['errors-390-light', 'form-errors-narrow'], ['amex-1280-dark', 'form-amex-dark']]) {
    cpSync(join(looks, `${from}-chromium-linux.png`), join(site, 'public/screenshots', `${to}.png`));
  }
});
