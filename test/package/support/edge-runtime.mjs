// An edge-like runtime for the no-DOM import test (test/package/server-imports.test.ts): each
// module specifier given is loaded as ESM (node:vm SourceTextModule, so run with
// --experimental-vm-modules) in a context of its own whose globals are only the web-standard
// ones an edge runtime has (Cloudflare Workers, Vercel Edge, Deno): no window, document,
// HTMLElement, customElements, CSSStyleSheet, nor Node's process, Buffer or require.
// Packages resolve from the current directory with wrangler's conditions (workerd, worker,
// browser), except Lit's own, which resolve with `node`: Lit's browser build reads `document` at
// import (lit/lit#3907, open), and frameworks' worker adapters load its node build (Astro's).
// `node:` built-ins are the host's (Deno, Bun and workerd's nodejs_compat provide them).
// Prints one JSON line: [{ specifier, ok, error?, dom }] where dom lists the DOM globals present.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const WEB_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'crypto', 'Crypto', 'CryptoKey', 'SubtleCrypto',
  'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'Event', 'EventTarget',
  'DOMException', 'atob', 'btoa', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask',
  'structuredClone', 'ReadableStream', 'WritableStream', 'TransformStream', 'MessageChannel', 'MessagePort', 'performance',
  'WebAssembly', 'BroadcastChannel',
];
const DOM_GLOBALS = ['window', 'document', 'HTMLElement', 'customElements', 'CSSStyleSheet', 'navigator', 'self', 'process', 'Buffer', 'require'];
const CONDITIONS = ['workerd', 'worker', 'browser', 'import', 'default'];
const LIT = new Set(['lit', 'lit-html', 'lit-element', '@lit/reactive-element']);
const LIT_CONDITIONS = ['node', 'import', 'default'];

/** The first target of an exports value the conditions select. */
function pick(target, conditions) {
  if (typeof target === 'string' || target === null) return target;
  if (Array.isArray(target)) return target.map((t) => pick(t, conditions)).find(Boolean);
  for (const [key, value] of Object.entries(target)) {
    if (key === 'default' || conditions.includes(key)) {
      const found = pick(value, conditions);
      if (found) return found;
    }
  }
  return undefined;
}

/** A bare specifier's file, from `dir` upwards, through the package's exports. */
function resolveBare(specifier, dir) {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const subpath = `.${specifier.slice(name.length)}`;
  for (let at = dir; ; at = dirname(at)) {
    const root = join(at, 'node_modules', name);
    if (existsSync(join(root, 'package.json'))) {
      const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      const conditions = LIT.has(name) ? LIT_CONDITIONS : CONDITIONS;
      const exports = typeof pkg.exports === 'string' || pkg.exports?.['.'] === undefined ? { '.': pkg.exports } : pkg.exports;
      const target = pkg.exports ? pick(exports[subpath], conditions) : subpath === '.' ? pkg.module ?? pkg.main : subpath;
      if (!target) throw new Error(`${specifier}: no export for ${subpath} under ${conditions.join(', ')}`);
      return resolve(root, target);
    }
    if (dirname(at) === at) throw new Error(`${specifier}: package ${name} not found`);
  }
}

async function load(specifier) {
  const globals = Object.fromEntries(WEB_GLOBALS.filter((name) => name in globalThis).map((name) => [name, globalThis[name]]));
  const context = vm.createContext(globals);
  const modules = new Map();
  const moduleAt = async (file) => {
    if (!modules.has(file)) {
      modules.set(file, new vm.SourceTextModule(readFileSync(file, 'utf8'), {
        context,
        identifier: pathToFileURL(file).href,
        initializeImportMeta: (meta) => { meta.url = pathToFileURL(file).href; },
      }));
    }
    return modules.get(file);
  };
  const builtin = async (specifier) => {
    const host = await import(specifier);
    const names = Object.keys(host);
    return new vm.SyntheticModule(names, function () { for (const name of names) this.setExport(name, host[name]); }, { context });
  };
  const link = (specifier, referrer) => {
    if (specifier.startsWith('node:')) return builtin(specifier);
    const from = referrer ? dirname(new URL(referrer.identifier).pathname) : process.cwd();
    return moduleAt(specifier.startsWith('.') || specifier.startsWith('/') ? resolve(from, specifier) : resolveBare(specifier, from));
  };
  const dom = DOM_GLOBALS.filter((name) => vm.runInContext(`typeof ${name} !== 'undefined'`, context));
  try {
    const entry = await link(specifier);
    await entry.link(link);
    await entry.evaluate();
    return { specifier, ok: true, dom };
  } catch (error) {
    return { specifier, ok: false, error: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | '), dom };
  }
}

const results = [];
for (const specifier of process.argv.slice(2)) results.push(await load(specifier));
console.log(JSON.stringify(results));
