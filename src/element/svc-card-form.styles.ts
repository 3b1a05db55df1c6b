// Styles of <svc-card-form>. Every colour, size and font comes from a custom
// property with a default that meets WCAG 2.2 AA contrast on white. Each error
// keeps its line even when empty (.error min-height): an error shown on blur
// must not shift the page under the pointer on its way to the Pay button.
// Written compactly, one rule per line: css`` text is shipped as is and counts
// against the 15 KB budget of dist/svc-card-form.js.
import { css } from 'lit';

export const styles = css`
:host{display:block;font-family:var(--svc-font-family,inherit);font-size:var(--svc-font-size,1rem);color:var(--svc-color-text,#1a1a1a);--_error:var(--svc-color-error,#b3261e)}
:host([hidden]){display:none}
.group{display:grid;grid-template-columns:1fr 1fr;gap:var(--svc-gap,.75rem) var(--svc-gap,1rem)}
.field{display:flex;flex-direction:column;gap:.25rem;grid-column:1/-1;min-width:0}
.field:nth-child(n+3){grid-column:auto}
.field:nth-child(n+5){grid-column:1/-1}
.top{display:flex;align-items:flex-end;justify-content:space-between;gap:.5rem}
label{font-weight:var(--svc-label-font-weight,600)}
input,select{box-sizing:border-box;width:100%;min-height:2.75rem;margin:0;font:inherit;color:inherit;padding:var(--svc-input-padding,.5rem .75rem);background:var(--svc-color-background,#fff);border:var(--svc-border-width,1px) solid var(--svc-color-border,#6b6b6b);border-radius:var(--svc-radius,.375rem);transition:border-color .15s,box-shadow .15s}
input:focus-visible,select:focus-visible{outline:2px solid var(--svc-color-focus,#0b57d0);outline-offset:2px}
[aria-invalid=true]{border-color:var(--_error);box-shadow:inset 0 0 0 1px var(--_error)}
input:disabled,select:disabled{opacity:.6;cursor:not-allowed}
.brand{display:inline-flex;align-items:center;gap:.375rem}
.brand,.hint{font-size:.875em;color:var(--svc-color-muted,#4d4d4d)}
svg{display:block}
.error{font-size:.875em;line-height:1.25;color:var(--_error);min-height:1.25em}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (forced-colors:active){input{border-color:FieldText}[aria-invalid=true]{border-width:3px;border-color:Highlight;box-shadow:none}.error{color:CanvasText}}
@media (prefers-reduced-motion:reduce){input{transition:none}}
`;
