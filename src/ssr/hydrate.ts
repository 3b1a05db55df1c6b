// `svc-card/hydrate` and dist/svc-card-hydrate.js (issue 28 item 2): load it before the element's
// script on a page rendered with `svc-card/ssr`. It gives the element the renderer it looks for
// (reactive-base.ts, `globalThis.svcCardRender`): a shadow root the server rendered is hydrated by
// @lit-labs/ssr-client (Lit's markers tie the template's parts to the nodes already painted: no
// node is made again, nothing moves); any other is rendered as usual. Text the shopper typed
// before the script ran is kept, and read by the element as an insertion of the whole value.
// Separate from the element's script: pages without server rendering never load it.
import { hydrate } from '@lit-labs/ssr-client';
import { render } from 'lit/html.js';

const serverRendered = (root: Node) =>
  [...root.childNodes].some((node) => node.nodeType === Node.COMMENT_NODE && (node as Comment).data.startsWith('lit-part'));

type Root = DocumentFragment & { _$litPart$?: ReturnType<typeof render> };

globalThis.svcCardRender = ((value: unknown, container: Root, options?: Parameters<typeof render>[2]) => {
  if (container._$litPart$ || !serverRendered(container)) return render(value, container, options);
  hydrate(value, container, options);
  for (const input of container.querySelectorAll('input')) {
    if (input.value) input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }
  return container._$litPart$!;
}) as unknown as typeof render;
