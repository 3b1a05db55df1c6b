// Styles of <svc-card-form>. Zero layout shift (issue 12): the fields are rows of the group's
// grid (label, control, messages) through subgrid, so a row's inputs line up whatever their
// labels. Compact (issue 27): the number first, expiry and code side by side (320 px phones too;
// they stack only below 240px of the element's own width: 200% zoom on a phone), one line kept under each field for its hint or error, which is also
// the space between fields: an error shown or gone moves nothing (the built-in messages fit one
// line at 320 px, i18n.ts); the brand marks sit inside the number input. Colours follow the page:
// text, font and colour scheme are inherited; error, focus, muted and border colours are mixed
// from the inherited text or the scheme's field colours, so they keep AA contrast on a light or a
// dark page. Every one can be set through a --svc-* property (README, "Theming").
// Written compactly, one rule per line: the text is shipped as is and counts against the
// 15 KB budget of dist/svc-card-form.js. A plain string: the element's base (reactive-base.ts)
// makes it one constructed style sheet.
export const styles = /* css */ `
:host{display:block;container-type:inline-size;font-family:var(--svc-font-family,inherit);font-size:var(--svc-font-size,1rem);color:var(--svc-color-text,inherit);background:var(--svc-color-surface,none);--_error:var(--svc-color-error,color-mix(in srgb,currentColor 40%,#d32f2f))}
:host([hidden]){display:none}
.group{display:grid;grid-template-columns:1fr 1fr;column-gap:var(--svc-gap,1rem);row-gap:.25rem}
.field{display:grid;grid-template-rows:subgrid;grid-row:span 3;grid-column:1/-1;min-width:0}
@container (width>=240px){.field:nth-child(-n+3):nth-child(n+2){grid-column:auto}}
label{align-self:end;font-weight:var(--svc-label-font-weight,600)}
.control{position:relative}
input,select{box-sizing:border-box;width:100%;min-height:2.75rem;margin:0;font:inherit;color:var(--svc-color-text,FieldText);padding:var(--svc-input-padding,.5rem .75rem);background:var(--svc-color-background,Field);border:var(--svc-border-width,1px) solid var(--svc-color-border,color-mix(in srgb,FieldText 55%,Field));border-radius:var(--svc-radius,.375rem)}
#number{padding-right:2.75rem}
input:focus-visible,select:focus-visible{outline:2px solid var(--svc-color-focus,color-mix(in srgb,currentColor 30%,#1a73e8));outline-offset:2px}
input[aria-invalid=true]{border-color:var(--_error);box-shadow:inset 0 0 0 1px var(--_error);outline-color:var(--_error)}
input:disabled,select:disabled{opacity:.6;cursor:not-allowed}
.marks{position:absolute;top:0;right:.5rem;bottom:0;max-width:calc(100% - 17.5ch - 1.5rem);display:flex;flex-wrap:wrap;justify-content:flex-end;gap:0 .25rem;height:20px;margin:auto 0;overflow:hidden;pointer-events:none}
.messages{display:grid;min-height:1.25em;font-size:.875em;line-height:1.25}
.messages>*{grid-area:1/1}
.hint{color:var(--svc-color-muted,color-mix(in srgb,currentColor 78%,transparent))}
.rates{min-height:2.5em}
.covered{opacity:0}
.error{color:var(--_error)}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (forced-colors:active){input{border-color:FieldText}[aria-invalid=true]{border-width:3px;border-color:Highlight;box-shadow:none}.error{color:CanvasText}}
`;
