// The card frame's script (dist/frame/card-frame-<version>.js): the inline element plus the
// core, in a page of the payment service's origin (issue 9). The card is typed, validated and
// encrypted here; the merchant's page gets flags, the token and error codes over the port.
import { render } from 'lit/html.js';
import '../../element/define.js';
import { bridge } from './bridge.js';
import { openChannel, readParams } from './handshake.js';
import { loadKeys } from './keys.js';

// The page came with the fields already rendered (a read-only skeleton in declarative shadow DOM,
// scripts/build-frame.mjs), painted before this script: the element's first render replaces it in
// the same task (no frame painted between), keeping its <style>; then lit-html's render as usual.
globalThis.svcCardRender = ((value, root, options) => (
  (root as { _$litPart$?: unknown })._$litPart$ || (root as ShadowRoot).replaceChildren(root.firstChild!), render(value, root, options))) as typeof render;

const params = readParams(location.hash);
const element = document.querySelector('svc-card-form');
if (params && element) {
  const keys = loadKeys();
  const offer = openChannel(params);
  // The page's config, its language with it, from the URL: the first render is in the page's
  // language, plans and fields, before the parent took a port.
  if (offer) offer(bridge(element, keys, params.config));
}
