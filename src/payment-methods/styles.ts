// The chooser's style: its shadow root's sheet in the browser (svc-payment-methods.ts) and the
// <style> of its server render (svc-card/ssr), so a server-rendered chooser paints as the element does.
// Below 420 px of its width (a phone) the methods are a row of short names (wrapping when even those
// do not fit, at 200% zoom); the legend stays the group's name for a screen reader, out of sight.
// Each radio is centred on its method's name, not on the name and hint together: a page streamed
// in parts (the parser yields mid-chooser) painted the radio alone, then moved it 8.5 px when the
// hint arrived (a layout shift, in a CI run in Chromium). Written compactly, one rule per line, as
// the card form's: the text is shipped as is.
export const STYLE = `
:host{display:block;font-family:var(--svc-font-family,inherit);container-type:inline-size}
:host([hidden]),[hidden]{display:none}
fieldset{border:0;margin:0 0 var(--svc-gap,12px);padding:0;display:grid;gap:8px;min-width:0}
fieldset:disabled{opacity:.6}
legend{font-weight:var(--svc-label-font-weight,600);padding:0;margin-bottom:8px}
label{display:grid;grid-template-columns:auto 1fr;column-gap:10px;align-items:center;cursor:pointer;padding:10px 12px;border:var(--svc-border-width,1px) solid var(--svc-color-border,color-mix(in srgb,currentColor 40%,transparent));border-radius:var(--svc-radius,6px);background:var(--svc-color-background,transparent)}
label:has(input:checked){border-color:var(--svc-color-focus,color-mix(in srgb,#1a56db 75%,currentColor));box-shadow:inset 0 0 0 1px var(--svc-color-focus,color-mix(in srgb,#1a56db 75%,currentColor))}
input{margin:0;width:18px;height:18px;accent-color:var(--svc-color-focus,auto)}
input:focus-visible{outline:3px solid var(--svc-color-focus,color-mix(in srgb,#1a56db 75%,currentColor));outline-offset:2px}
span{font-weight:600}
b{display:none}
small{grid-column:2;color:var(--svc-color-muted,color-mix(in srgb,currentColor 78%,transparent));font-size:.875em}
@container (width<420px){
fieldset{display:flex;flex-wrap:wrap}
label{flex:auto;padding:12px 6px;column-gap:6px}
small,span{display:none}
b{display:inline}
legend{position:absolute;clip-path:inset(50%)}
}
`;
