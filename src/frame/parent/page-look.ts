// The page's text colour and colour scheme, which the frame cannot inherit, and the --svc-*
// properties are forwarded at connect (svc-card-form-frame.ts); this says when to forward them
// again, without polling:
// - the OS scheme flipping: a `change` of (prefers-color-scheme: dark), for a page that allows both;
// - any of them (or the page's font) changing on the host for any other reason (a theme class, a stylesheet swapped,
//   forced colours or a contrast preference the page's styles follow): the iframe, which
//   inherits them all, transitions them for 1 ms (styles.ts), and that ends;
// - a stylesheet of the page loaded (a <link> or <style> `load`, heard in the capture phase): WebKitGTK
//   runs the deferred scripts, this element's, before the page's render-blocking sheet has come, and
//   restyles the page with it without any transition: the first forwarding had the default black,
//   and nothing said the page's colour came (about one load in fifteen, when the frame answered first);
// - the page's `<meta name="color-scheme">` added, removed or edited, which no property shows.

/**
 * The scheme the host is painted in: its computed `color-scheme`, or where that is `normal` the
 * page's `<meta name="color-scheme">` (which sets the root's used scheme, not the property).
 */
export const hostScheme = (computed: string): string =>
  computed === 'normal' ? document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content.trim() || computed : computed;

/** A stylesheet's element: the page's style may have changed with it. */
const isSheet = (target: EventTarget | null): boolean => !!(target as Partial<HTMLLinkElement> | null)?.sheet;

const touchesMeta = (record: MutationRecord): boolean =>
  [record.target, ...record.addedNodes, ...record.removedNodes].some((node) => node.nodeName === 'META');

/** Calls `changed` on each such change until the returned function is called; `inheritor` carries the transitions. */
export function watchPageLook(inheritor: HTMLElement, changed: () => void): () => void {
  // A theme switch ends one transition per property: told once, a task later.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => (timer ??= setTimeout(() => {
    timer = undefined;
    changed();
  }));
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const meta = new MutationObserver((records) => records.some(touchesMeta) && soon());
  const loaded = (event: Event) => isSheet(event.target) && soon();
  scheme.addEventListener('change', soon);
  inheritor.addEventListener('transitionend', soon);
  document.addEventListener('load', loaded, true);
  if (document.head) meta.observe(document.head, { subtree: true, childList: true, attributeFilter: ['name', 'content'] });
  return () => {
    scheme.removeEventListener('change', soon);
    inheritor.removeEventListener('transitionend', soon);
    document.removeEventListener('load', loaded, true);
    meta.disconnect();
    clearTimeout(timer);
    timer = undefined;
  };
}
