// After `vite build --mode card-frame`: the card frame's HTML page (issue 9), its script with a
// versioned file name and SRI, plus dist/frame/manifest.json naming each file and its hash.
// The page has no inline script; it comes with its styles and the fields already rendered (issue
// 27 "No blank frame", issue 28 item 2): the page's style (src/frame/page/card-frame.css) in its
// head and the element's skeleton as declarative shadow DOM (dist/ssr.js), painted on the first
// response, before the script, with no stylesheet to wait for; the two <style>s' hashes go into the
// manifest for the frame's CSP. `<!--svc-jwks-->` is where the frame host puts the keys.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { inlineStyleSource, renderSkeleton } from '../dist/ssr.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const script = `card-frame-${version}.js`;
const style = readFileSync('src/frame/page/card-frame.css', 'utf8');
const sri = (file) => `sha384-${createHash('sha384').update(readFileSync(`dist/${file}`)).digest('base64')}`;
const integrity = { [script]: sri(`frame/${script}`) };
const styleSource = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

writeFileSync('dist/frame/card-frame.html', `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="svc-jwks" content="/.well-known/svc-card/jwks.json">
<!--svc-jwks-->
<title>Dados do cartão · Card details</title>
<style>${style}</style>
<script src="${script}" integrity="${integrity[script]}" crossorigin="anonymous" defer></script>
</head>
<body>${renderSkeleton()}</body>
</html>
`);
integrity['card-frame.html'] = sri('frame/card-frame.html');
const parent = 'svc-card-form-frame.js';
writeFileSync('dist/frame/manifest.json', `${JSON.stringify({ version, page: 'card-frame.html', files: integrity, styleSources: [styleSource, await inlineStyleSource()], parentScript: { file: parent, integrity: sri(parent) } }, null, 2)}\n`);
console.log(`card frame ${version}: ${Object.keys(integrity).join(', ')}`);
