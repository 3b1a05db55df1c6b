// Every code block of README.md and of the documentation site's guides (site/guide/*.md) is
// executed or type-checked against the packed package, so a snippet cannot rot: shell lines
// run in a fresh project (the key tool, SRI), the service guide's server.mjs runs and answers
// real tokens (the merchant's quick start runs in test/client/readme-quickstart.test.ts), TypeScript/JS/TSX/Vue/Svelte blocks type-check, HTML and CSS name only what the
// element declares, the CSP is the demo's.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encryptCard } from '../../src/core/index.js';
import { CONTENT_SECURITY_POLICY } from '../../demo/merchant/security-headers.mjs';
import { freePort } from '../../test-support/free-port.mjs';
import { codeBlocks, type CodeBlock } from './support/readme-blocks.js';
import { createPackedApp, type PackedApp } from './support/packed-app.js';
import { FRAME_ONLY, SETTINGS, attributeOf } from '../../src/shared/surface.js';

const README = readFileSync('README.md', 'utf8');
/** The pages whose code blocks are checked: README, then the site's guides. */
const PAGES = ['README.md', ...readdirSync('site/guide').filter((name) => name.endsWith('.md')).sort().map((name) => `site/guide/${name}`)];
const blocks = PAGES.flatMap((file) => codeBlocks(readFileSync(file, 'utf8')).map((block) => ({ ...block, file, at: `${file}:${block.line}` })));
const of = (...langs: string[]) => blocks.filter((block) => langs.includes(block.lang));
const CHECKED = ['sh', 'ts', 'tsx', 'js', 'vue', 'svelte', 'html', 'css', 'http'];
const CLONE_COMMANDS = ['npm ci && npm run demo', 'npm ci && npm test'];
/** Commands that start a server and run until stopped: the describes below start them (the sandbox in test/client/readme-quickstart.test.ts and test/package/sandbox-npm.test.ts). */
const SERVERS = ['node server.mjs', 'node checkout-server.mjs', 'npx @svc-card/sandbox'];

let app: PackedApp;
let keygen: string | undefined;
beforeAll(() => {
  // The run's tarballs (packs/, packed once with their prepack builds: support/packs-global-setup.ts).
  const packs = inject('packs');
  app = createPackedApp(['typescript', '@types/node', '@types/react', 'vue', 'vue-tsc', 'svelte', 'svelte-check', 'redis', 'ioredis', 'jose'], packs.card);
  // @svc-card/client (packages/client) too: the merchant-server block imports it.
  const client = basename(packs.client);
  copyFileSync(packs.client, join(app.dir, client));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `./${client}`], { cwd: app.dir, stdio: 'pipe' });
  const dir = join(app.dir, 'readme');
  mkdirSync(dir);
  writeFileSync(join(dir, 'prelude.d.ts'), readFileSync('test/package/readme/prelude.d.ts'));
  for (const { lang, code, line, file } of of('ts', 'tsx', 'js', 'vue', 'svelte')) {
    const ext = lang === 'js' ? 'mjs' : lang;
    // `export {}` makes every script block a module: its own scope, top-level await allowed.
    writeFileSync(join(dir, `block-${file.replace(/\W+/g, '-')}-${line}.${ext}`), ['ts', 'tsx', 'js'].includes(lang) ? `${code}\nexport {};\n` : code);
  }
  const compilerOptions = {
    strict: true, noEmit: true, skipLibCheck: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'], jsx: 'react-jsx', allowJs: true, checkJs: true,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts', '*.tsx', '*.mjs', '*.vue', '*.svelte'], vueCompilerOptions: { strictTemplates: true } }));
  // The key pair the quick start and the frame host read, made by the docs' own keygen line (the
  // shell-block test runs it too, and its refusal to overwrite is why it is not run twice here).
  keygen = of('sh').flatMap(commands).find((command) => command.includes('svc-card-keygen') && command.includes('--out keys'));
  if (keygen) execFileSync('bash', ['-c', keygen], { cwd: app.dir, stdio: 'pipe' });
  for (const file of ['server.mjs', 'frame-host.mjs']) {
    const block = blocks.find((b) => b.code.startsWith(`// ${file}\n`));
    if (block) writeFileSync(join(app.dir, file), block.code);
  }
});
afterAll(() => app?.remove());

/** The commands of a shell block: its lines without comments. */
const commands = (block: CodeBlock) => block.code.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter((line) => line && !line.startsWith('#'));

describe('README.md and site guide code blocks', () => {
  it('are all of a checked kind', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.filter((block) => !CHECKED.includes(block.lang)).map((b) => `${b.at}: "${b.lang}"`)).toEqual([]);
  });

  it('near the top, for a clone: exactly the demo command and the test command CI runs', () => {
    const clone = of('sh').filter((block) => block.file === 'README.md').find((block) => commands(block).some((command) => command.startsWith('npm ci')))!;
    expect(commands(clone)).toEqual(CLONE_COMMANDS);
    expect(clone.line).toBeLessThan(30);
    expect(readFileSync('.ci/run', 'utf8')).toContain(`\n${CLONE_COMMANDS[1]}\n`);
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['demo', 'test']));
  });

  it('shell blocks run in a fresh project with the packed package', () => {
    // A command written on two pages (README's short example and a guide) runs once.
    const others = [...new Set(of('sh').flatMap(commands))].filter((command) => !CLONE_COMMANDS.includes(command) && !SERVERS.includes(command) && command !== keygen);
    expect(keygen, 'a shell block makes the key pair: npx -p svc-card svc-card-keygen ... --out keys').toBeDefined();
    expect(readdirSync(join(app.dir, 'keys'))).toEqual(expect.arrayContaining(['v1.private.pem', 'v1.public.pem']));
    for (const command of others) {
      const run = spawnSync('bash', ['-c', command], { cwd: app.dir, encoding: 'utf8' });
      expect(run.status, `${command}\n${run.stdout}${run.stderr}`).toBe(0);
      if (command.includes('sha384')) expect(run.stdout.trim()).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    }
  });

  it('TypeScript, JavaScript, TSX and Vue blocks type-check (vue-tsc, strict templates)', () => {
    const { status, output } = app.run('vue-tsc', ['-p', 'readme/tsconfig.json']);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('Svelte blocks check (svelte-check)', () => {
    const { status, output } = app.run('svelte-check', ['--workspace', 'readme', '--tsconfig', './tsconfig.json', '--output', 'machine']);
    expect(status, output).toBe(0);
  });

  it('HTML blocks use only attributes the element declares, and no inline script or handler', () => {
    const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as { modules: { declarations: { tagName?: string; attributes: { name: string }[] }[] }[] };
    const declared = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName)!.attributes.map((a) => a.name);
    // Frame mode (`frame-src`) is another class under the same tag, outside the manifest: the
    // attributes it observes (the surface table's), and `name`, which the browser reads for any form-associated element.
    const frameDeclared: string[] = [...[...FRAME_ONLY, ...SETTINGS].map(attributeOf), 'name'];
    for (const { code, at: line } of of('html')) {
      for (const [, attributes] of code.matchAll(/<svc-card-form\b([^>]*)>/g)) {
        const names = [...attributes!.matchAll(/([a-z-]+)=/g)].map((m) => m[1]);
        const allowed = names.includes('frame-src') ? frameDeclared : declared;
        expect(names.filter((name) => !allowed.includes(name!) && !['id', 'class', 'slot'].includes(name!)), line).toEqual([]);
      }
      expect(code, line).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=/);
    }
  });

  it('CSS blocks name only declared parts, custom properties and states', () => {
    const manifest = readFileSync('dist/custom-elements.json', 'utf8');
    const states = [...readFileSync('src/shared/states.ts', 'utf8').matchAll(/'([a-z]+)'/g)].map((m) => m[1]);
    for (const { code, at: line } of of('css')) {
      for (const [, part] of code.matchAll(/::part\(([\w-]+)\)/g)) expect(manifest, `${line}: part ${part}`).toContain(`"name": "${part!.replace(/-(holder|number|expiry|securityCode)$/, '')}"`);
      for (const [, name] of code.matchAll(/(--svc-[\w-]+)/g)) expect(manifest, line).toContain(`"name": "${name}"`);
      for (const [, state] of code.matchAll(/(?::state\(|data-state-)([a-z]+)/g)) expect(states, line).toContain(state);
    }
  });

  it('the CSP header block is the one the demo sends', () => {
    for (const { code } of of('http')) expect(code.replace(/\s+/g, ' ').trim()).toBe(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
  });
});

describe('the decrypting service in one file (site/guide/service.md), run as written', () => {
  let server: ChildProcess | undefined;
  afterAll(() => server?.kill());

  it('serves the page and the script, and answers form posts and JSON posts, always', async () => {
    expect(of('sh').flatMap(commands)).toContain(SERVERS[0]);
    const port = await freePort();
    server = spawn(process.execPath, ['server.mjs'], { cwd: app.dir, env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
    const base = `http://127.0.0.1:${port}`;
    let page = '';
    for (let attempt = 0; attempt < 600 && !page; attempt++) {
      page = await fetch(base).then((response) => response.text(), () => new Promise<string>((resolve) => setTimeout(() => resolve(''), 100)));
    }
    const publicKey = readFileSync(join(app.dir, 'keys/v1.public.pem'), 'utf8');
    expect(page).toContain('<svc-card-form name="card" key-id="v1"');
    expect(page).toContain(publicKey);
    expect((await fetch(`${base}/svc-card-form.js`)).headers.get('content-type')).toBe('text/javascript');

    const card = { publicKey, keyId: 'v1', holder: 'MARIA DA SILVA', number: '4111111111111111', expMonth: '03', expYear: '2099', securityCode: '123' };
    const token = async () => (await encryptCard(card)).encryptedCard;
    const post = async (type: string, body: string) => {
      const response = await fetch(`${base}/pay`, { method: 'POST', headers: { 'content-type': type }, body });
      return [response.status, await response.json()];
    };
    const form = 'application/x-www-form-urlencoded';
    const formToken = await token();
    expect(await post(form, new URLSearchParams({ card: JSON.stringify(formToken) }).toString())).toEqual([200, { paid: true, last4: '1111' }]);
    expect(await post('application/json', JSON.stringify({ token: await token() }))).toEqual([200, { paid: true, last4: '1111' }]);
    expect(await post(form, new URLSearchParams({ card: JSON.stringify(formToken) }).toString())).toEqual([400, { code: 'TOKEN_REUSED' }]);
    expect(await post(form, 'card=not%20json')).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
    expect(await post(form, '')).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
    expect(await post('application/json', '{}')).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
    // Any body at all (issue 28): JSON that is not an object, a form's `card` that is not one, no type.
    for (const body of ['null', '5', '[]', '"text"', 'true', '{"token":null}', '{"token":"{}"}']) {
      expect(await post('application/json', body), body).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
    }
    for (const card of ['null', '5', '[1]', '"x"']) {
      expect(await post(form, new URLSearchParams({ card }).toString()), card).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
    }
    const untyped = await fetch(`${base}/pay`, { method: 'POST', body: 'null' });
    expect([untyped.status, await untyped.json()]).toEqual([400, { code: 'TOKEN_MALFORMED' }]);
  });
});

describe('the frame host (README or site/guide/service.md), run as written', () => {
  let host: ChildProcess | undefined;
  afterAll(() => host?.kill());

  it('frame-host.mjs serves the card frame, its script and the JWKS, and leaves other paths to the app', async () => {
    const block = blocks.find((b) => b.code.startsWith('// frame-host.mjs\n'));
    expect(block, 'a README or guide block starting "// frame-host.mjs"').toBeDefined();
    expect(block!.lang).toBe('js');
    const port = await freePort();
    host = spawn(process.execPath, ['frame-host.mjs'], { cwd: app.dir, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    host.stdout!.on('data', (chunk: Buffer) => (printed += chunk));
    for (let attempt = 0; attempt < 600 && !printed.includes('integrity='); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const base = `http://localhost:${port}`;
    expect(printed).toContain(`frame-src="${base}/svc/${version}/card-frame.html"`);
    const frame = await fetch(`${base}/svc/${version}/card-frame.html`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000');
    const script = /<script src="([^"]+)" integrity="(sha384-[^"]+)"/.exec(printed)!;
    expect((await fetch(script[1]!)).status).toBe(200);
    const jwks = await (await fetch(`${base}/.well-known/svc-card/jwks.json`)).json() as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(['v1']);
    const other = await fetch(`${base}/pay`);
    expect([other.status, await other.text()]).toEqual([404, 'not found']);
  });
});

describe('README links', () => {
  it('a relative link names a file the package ships (anything else is an absolute URL or an anchor)', () => {
    const relative = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^(https?:|mailto:|#)/.test(href));
    expect(relative.length).toBeGreaterThan(0);
    for (const href of relative) expect(existsSync(join(app.dir, 'node_modules/svc-card', href.split('#')[0]!)), href).toBe(true);
  });

  it('absolute links into this repository point at files (blob/main) and folders (tree/main: the examples) that exist in it', () => {
    const { repository } = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: { url: string } };
    const repo = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    const links = [...README.matchAll(/\]\((https:\/\/github\.com\/[^)\s]+)\)/g)].map((m) => m[1]!);
    for (const kind of ['blob', 'tree']) {
      const own = links.filter((href) => href.startsWith(`${repo}/${kind}/main/`));
      expect(own.length, kind).toBeGreaterThan(0);
      for (const href of own) expect(existsSync(href.slice(`${repo}/${kind}/main/`.length).split('#')[0]!), href).toBe(true);
    }
  });

  it('the list of guides near the top names every page of site/guide (a newcomer finds each from the README)', () => {
    const guides = readdirSync('site/guide').filter((name) => name.endsWith('.md')).sort();
    const linked = new Set([...README.matchAll(/\]\(https:\/\/github\.com\/[^)\s]*\/site\/guide\/([\w-]+\.md)[)#]/g)].map((m) => m[1]!));
    expect(guides.filter((name) => !linked.has(name))).toEqual([]);
  });
});
