// The class both <svc-card-form> classes extend: HTMLElement in a browser; on a server without a
// DOM (Node, edge runtimes) an empty class, so importing the element never throws "HTMLElement is
// not defined" (as Lit's @lit-labs/ssr-dom-shim, without its bytes). define.ts registers nothing there.
export const BaseElement: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as typeof HTMLElement);
