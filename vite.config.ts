// Vite builds one IIFE per run, so the build is three runs selected by mode:
//   esm            the npm package (core, element, define, server, keygen CLI)
//   svc            dist/svc.js: the core as a script tag, global `svc`
//   svc-card-form  dist/svc-card-form.js: the same plus the registered element, Lit bundled
//   svc-card-hydrate  dist/svc-card-hydrate.js: hydrates a server-rendered element (issue 28)
//   svc-card-form-frame  dist/svc-card-form-frame.js: frame mode, the merchant page's side (issue 9)
//   svc-next-action  dist/svc-next-action.js: handleNextAction on the global `svc` (issues 23, 27)
//   svc-boleto-barcode  dist/svc-boleto-barcode.js: boletoBarcode (ITF as SVG) on the global `svc` (issue 39)
//   svc-mandate    dist/svc-mandate.js: mandateView (the PIX Automático panel) on the global `svc` (issue 40)
//   svc-payment-methods  dist/svc-payment-methods.js: registers <svc-payment-methods> (issue 27)
//   card-frame     dist/frame/card-frame-<version>.js: the page inside the card frame; then
//                  scripts/build-frame.mjs writes its HTML and style with SRI
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { elementStandIns } from './scripts/size/element-stand-ins.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const iife = (entry: string, fileName: string, target: string, postBanner = '', intro = ''): UserConfig => ({
  build: {
    emptyOutDir: false,
    target,
    lib: { entry, formats: ['iife'], name: 'svc', fileName: () => fileName },
    rollupOptions: { output: { postBanner, intro } },
  },
});

// dist/svc-card-form.js is an `exports` entry too: imported on a server without a DOM (Node, an
// edge runtime), it stops before its first line, whose bundled lit-html reads `document`. The test
// is `document`, what that line reads, not customElements: a server rendering with Lit has Lit's
// customElements and no document (issue 41). Registration keeps its own customElements check (define.ts).
const DOM_ONLY = 'if(!globalThis.document)return;';

// The card frame's element never has frame-src, nor a form or a name to submit its value under, and
// its key comes from the JWKS after it connects (no setup warning), a JWK (no PEM): those modules are
// replaced by the frame's stand-ins (src/frame/page/stand-ins.ts, typed as the originals).
const STANDING_IN = new Set(['frame-src', 'form-value', 'form-owner', 'key-check', 'pem']);
const frameStandIns = elementStandIns('card-frame-stand-ins', (module) => (STANDING_IN.has(module) ? 'src/frame/page/stand-ins.ts' : null));

// The decryptor's worker thread (src/server/rsa-workers.ts) loads dist/rsa-worker.mjs, beside
// dist/server.js: plain JavaScript, shipped as it is.
const rsaWorkerFile: Plugin = {
  name: 'rsa-worker-file',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'rsa-worker.mjs', source: readFileSync('src/server/rsa-worker.mjs', 'utf8') });
  },
};

export default defineConfig(({ mode }): UserConfig => {
  // svc.js carries V8's explicit compile hint: its few functions are compiled while the script
  // loads instead of on the first encryptCard call (the cold first token). Not for the element
  // bundle: Lit is mostly run at load anyway, and compiling all of it eagerly is not free.
  if (mode === 'svc') return iife('src/iife/svc.ts', 'svc.js', 'es2020', '//# allFunctionsCalledOnLoad');
  // svc-card-form.js is ES2022: Lit 3 is published as ES2021, every engine with form-associated
  // custom elements runs ES2022 classes, and native #private members minify to short names.
  if (mode === 'svc-card-form') return iife('src/iife/svc-card-form.ts', 'svc-card-form.js', 'es2022', '', DOM_ONLY);
  // Server-rendered pages (issue 28): the hydrating renderer, loaded before svc-card-form.js.
  if (mode === 'svc-card-hydrate') return iife('src/ssr/hydrate.ts', 'svc-card-hydrate.js', 'es2022', '', DOM_ONLY);
  // The next action (3-D Secure, PIX, boleto: issues 23 and 27) apart from the card form: svc.handleNextAction.
  if (mode === 'svc-next-action') return iife('src/iife/svc-next-action.ts', 'svc-next-action.js', 'es2022');
  // The boleto's barcode (issue 39), loaded only by a page that shows boletos: svc.boletoBarcode.
  if (mode === 'svc-boleto-barcode') return iife('src/iife/svc-boleto-barcode.ts', 'svc-boleto-barcode.js', 'es2022');
  // The PIX Automático authorisation panel (issue 40), loaded only by a page that sells plans with it: svc.mandateView.
  if (mode === 'svc-mandate') return iife('src/iife/svc-mandate.ts', 'svc-mandate.js', 'es2022');
  // The payment methods chooser (issue 27), a script of its own: no Lit, no card code.
  if (mode === 'svc-payment-methods') return iife('src/iife/svc-payment-methods.ts', 'svc-payment-methods.js', 'es2022', '', DOM_ONLY);
  if (mode === 'svc-card-form-frame') return iife('src/iife/svc-card-form-frame.ts', 'svc-card-form-frame.js', 'es2022');
  if (mode === 'card-frame') return { ...iife('src/frame/page/main.ts', `frame/card-frame-${version}.js`, 'es2022'), plugins: [frameStandIns] };
  return {
    plugins: [rsaWorkerFile],
    build: {
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: true,
      lib: {
        entry: {
          index: 'src/core/index.ts',
          element: 'src/element/index.ts',
          define: 'src/element/define.ts',
          // Frame mode (issue 9): `svc-card/frame` (the class) and `svc-card/frame/define`.
          'frame-mode': 'src/frame/parent/index.ts',
          'frame-mode-define': 'src/frame/parent/define.ts',
          'next-action': 'src/next-action/index.ts',
          'boleto-barcode': 'src/next-action/itf.ts',
          mandate: 'src/next-action/mandate.ts',
          'payment-methods': 'src/payment-methods/index.ts',
          'payment-methods-define': 'src/payment-methods/define.ts',
          server: 'src/server/index.ts',
          // Server rendering (issue 28): `svc-card/ssr` renders, `svc-card/hydrate` hydrates.
          ssr: 'src/ssr/index.ts',
          hydrate: 'src/ssr/hydrate.ts',
          keygen: 'src/server/keygen-cli.ts',
        },
        formats: ['es'],
      },
      rollupOptions: { external: [/^lit(\/|$)/, /^@lit\//, /^@lit-labs\//, /^node:/] },
    },
  };
});
