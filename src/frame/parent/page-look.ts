// The page's text colour and colour scheme, which the frame cannot inherit, are forwarded at
// connect (svc-card-form-frame.ts); this says when to forward them again, without polling:
// - the OS scheme flipping: a `change` of (prefers-color-scheme: dark), for a page that allows both;
// - the host's inherited `color` or `color-scheme` changing for any other reason (a theme class,
//   a stylesheet swapped): the host transitions both for 1 ms (styles.ts), and that ends.
const WATCHED = ['color', 'color-scheme'];

/**
 * The scheme the host is painted in: its computed `color-scheme`, or where that is `normal` the
 * page's `<meta name="color-scheme">` (which sets the root's used scheme, not the property).
 */
export const hostScheme = (computed: string): string =>
  computed === 'normal' ? document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content.trim() || computed : computed;

/** Calls `changed` on each such change until the returned function is called. */
export function watchPageLook(host: HTMLElement, changed: () => void): () => void {
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const ended = (event: TransitionEvent) => {
    if (event.target === host && WATCHED.includes(event.propertyName)) changed();
  };
  scheme.addEventListener('change', changed);
  host.addEventListener('transitionend', ended);
  return () => {
    scheme.removeEventListener('change', changed);
    host.removeEventListener('transitionend', ended);
  };
}
