// Small DOM helpers: elements made with createElement and text only (no HTML
// strings: Trusted Types hold), styles in a constructed sheet (strict CSP).

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const STYLE = `
:host { all: initial; font: inherit; color: inherit; }
dialog { border: 0; border-radius: 12px; padding: 16px; width: min(440px, calc(100vw - 32px)); max-height: calc(100vh - 32px); box-sizing: border-box; background: Canvas; color: CanvasText; }
dialog::backdrop { background: rgb(0 0 0 / .55); }
h2 { font-size: 1.125rem; margin: 0 0 12px; }
iframe { display: block; width: 100%; height: 340px; border: 1px solid GrayText; border-radius: 8px; background: #fff; }
section { display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; }
img { display: block; width: 200px; max-width: 100%; height: auto; margin: 8px auto 0; image-rendering: pixelated; }
.row { display: flex; gap: 8px; }
input { min-width: 0; font: inherit; padding: 8px; border: 1px solid GrayText; border-radius: 6px; background: Field; color: FieldText; }
button { font: inherit; min-height: 44px; padding: 10px 14px; border-radius: 6px; border: 1px solid ButtonBorder; background: ButtonFace; color: ButtonText; cursor: pointer; }
.primary{background:#0b5d36;border-color:#0b5d36;color:#fff;font-weight:600}
summary{min-height:44px;display:flex;align-items:center;cursor:pointer}
dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:4px 12px;margin:0}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
ol{margin:0;padding-inline-start:1.25em}
.line{font:1.0625rem/1.5 ui-monospace,monospace;word-spacing:.25em}
svg{width:100%;max-width:103mm;height:auto}
.over>:not(h2,:last-child){display:none}
@media print{button,summary,[role=status],a{display:none}}
button:focus-visible, input:focus-visible, a:focus-visible, iframe:focus-visible, summary:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
.end { justify-self: end; margin-top: 12px; }
p { margin: 0; }
`;

let sheet: CSSStyleSheet | undefined;

/** A shadow root on a new host appended to `parent`: the page's styles stay out. (What the challenge shows is cross-origin: no page script reads it, open root or not.) */
export function shadowHost(parent: Element): { host: HTMLElement; root: ShadowRoot } {
  const host = el('div', { 'data-svc-next-action': '' });
  const root = host.attachShadow({ mode: 'open' });
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  root.adoptedStyleSheets = [sheet];
  parent.append(host);
  return { host, root };
}

/** A modal <dialog> (the page behind inert: focus stays in it) that gives focus back where it was when closed. */
export function modal(label: string): { dialog: HTMLDialogElement; close(): void } {
  const previous = document.activeElement as HTMLElement | null;
  const { host, root } = shadowHost(document.body);
  const title = el('h2', { id: 'title' }, label);
  const dialog = el('dialog', { 'aria-labelledby': 'title' }, title);
  root.append(dialog);
  dialog.showModal();
  return {
    dialog,
    close() {
      if (dialog.open) dialog.close();
      host.remove();
      previous?.focus?.();
    },
  };
}
