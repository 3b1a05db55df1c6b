// Issue 28, item 1: every `exports` entry of the packed package imports on a server without a
// DOM, as Next.js, Nuxt, SvelteKit and Astro import components there: in plain Node (a child
// process: Node has no window, document, HTMLElement or customElements) and in an edge-like
// runtime (support/edge-runtime.mjs: a node:vm context with only web-standard globals). Nothing
// registers there (customElements is absent and stays so), and nothing throws.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackedApp, type PackedApp } from './support/packed-app.js';

const { name, exports } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; exports: Record<string, unknown> };
const SPECIFIERS = Object.keys(exports).filter((key) => key !== './package.json').map((key) => name + key.slice(1));
// Lit's own server rendering (@lit-labs/ssr loads lit's Node build) puts Lit's customElements shim on
// globalThis: importing svc-card/ssr leaves that registry, as any Lit SSR does; every other entry none.
const LEAVES_LITS_REGISTRY = new Set([`${name}/ssr`]);
const EDGE_RUNTIME = resolve('test/package/support/edge-runtime.mjs');

let app: PackedApp;
beforeAll(() => {
  // svc-card/ssr and svc-card/hydrate need their optional peers, as a merchant rendering on the server installs them.
  app = createPackedApp(['@lit-labs/ssr', '@lit-labs/ssr-client']);
});
afterAll(() => app?.remove());

describe('every exports entry imports without a DOM', () => {
  it('names the entries a merchant imports', () => {
    expect(SPECIFIERS).toEqual(expect.arrayContaining(['svc-card', 'svc-card/element', 'svc-card/define', 'svc-card/frame', 'svc-card/frame/define', 'svc-card/server', 'svc-card/svc-card-form.js', 'svc-card/ssr', 'svc-card/hydrate', 'svc-card/svc-card-hydrate.js']));
  });

  it.each(SPECIFIERS)('plain Node: %s', (specifier) => {
    const script = `
      const before = ['window', 'document', 'HTMLElement', 'customElements', 'CSSStyleSheet'].filter((n) => n in globalThis);
      await import(${JSON.stringify(specifier)});
      console.log(JSON.stringify({ before, after: typeof customElements }));`;
    const { status, output } = app.run('node', ['--input-type=module', '-e', script]);
    expect(status, output.slice(-400)).toBe(0);
    expect(JSON.parse(output)).toEqual({ before: [], after: LEAVES_LITS_REGISTRY.has(specifier) ? 'object' : 'undefined' });
  });

  it('svc-card/ssr renders in plain Node, with the element and its registration imported beside it', () => {
    const script = `
      const { renderSvcCardForm } = await import('svc-card/ssr');
      await import('svc-card/define');
      await import('svc-card/hydrate');
      console.log(renderSvcCardForm({ lang: 'en' }).slice(0, 120));`;
    const { status, output } = app.run('node', ['--input-type=module', '-e', script]);
    expect(status, output.slice(-400)).toBe(0);
    expect(output).toContain('<svc-card-form lang="en"><template shadowrootmode="open" shadowrootdelegatesfocus><style>');
  });

  // Issue 41: a server rendering with Lit (svc-card/ssr, Astro's or Next's Lit integration) has Lit's
  // customElements registry and no document. Imported alone above, no entry met that runtime: the
  // script-tag entries, which stopped only when customElements was absent, went on and threw
  // "document is not defined" (their bundled browser lit-html reads it).
  it('plain Node after Lit\'s server rendering put its customElements (no document): every entry', () => {
    const script = `
      await import('svc-card/ssr');
      const runtime = { customElements: typeof customElements, document: typeof document };
      const results = [];
      for (const specifier of ${JSON.stringify(SPECIFIERS)}) {
        try {
          await import(specifier);
          results.push({ specifier, error: '' });
        } catch (error) {
          results.push({ specifier, error: String(error) });
        }
      }
      console.log(JSON.stringify({ runtime, results }));`;
    const { status, output } = app.run('node', ['--input-type=module', '-e', script]);
    expect(status, output.slice(-400)).toBe(0);
    const { runtime, results } = JSON.parse(output) as { runtime: object; results: { specifier: string; error: string }[] };
    expect(runtime).toEqual({ customElements: 'object', document: 'undefined' });
    expect(results).toEqual(SPECIFIERS.map((specifier) => ({ specifier, error: '' })));
  });

  it('an edge-like runtime with only web-standard globals: every entry', () => {
    const { status, output } = app.run('node', ['--experimental-vm-modules', '--no-warnings', EDGE_RUNTIME, ...SPECIFIERS]);
    expect(status, output).toBe(0);
    const results = JSON.parse(output) as { specifier: string; ok: boolean; error?: string; dom: string[] }[];
    expect(results.map((r) => r.specifier)).toEqual(SPECIFIERS);
    for (const result of results) {
      expect(result.dom, result.specifier).toEqual([]);
      expect(result.error ?? '', result.specifier).toBe('');
      expect(result.ok, result.specifier).toBe(true);
    }
  });
});
