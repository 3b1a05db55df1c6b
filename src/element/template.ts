// The element's shadow DOM. Inputs carry no `name` (nothing open is ever
// submitted) and no `value` binding: values live only in the inputs' `.value`
// property, which is never an attribute. Whitespace between tags is left out
// where it renders nothing (flex and grid containers): template text ships as is.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { Brand, BrandId } from '../shared/brands.js';
import { fill, type Strings } from '../shared/i18n.js';
import { brandMarks } from './icons.js';
import type { FieldName } from './validation.js';

/** What the template needs; the element builds it on each render. */
export interface View {
  strings: Strings;
  /** The language of `strings`, set on the content: the host may carry none. */
  lang: string;
  brand: Brand | undefined;
  /** The brand marks shown in the number input: the brand's, or the accepted ones while it is empty. */
  marks: readonly BrandId[];
  /** Shown error text per field (empty when none). */
  errors: Record<FieldName, string>;
  disabled: boolean;
  busy: boolean;
  announcement: string;
  /** The last text field: its keyboard's Enter says "go" (it pays), the others' "next". */
  last: FieldName;
  onInput(event: Event): void;
  onFocus(event: Event): void;
  onBlur(event: Event): void;
  onKeydown(event: KeyboardEvent): void;
  /** After the code: the holder's document and the installments, when on (issue 11). */
  extra?: unknown;
}

// The holder is free text (up to the core's 255 characters); the other three are digits.
// Three children, one per row of the group's subgrid (label, control, messages): the inputs of
// a row line up whatever their labels' lengths. `extra` sits inside the control, over the input.
// An error covers the hint in one grid cell: the hint, unseen, stays read in the description.
// One line kept (issue 27): the built-in texts fit it at 320 px.
// Enter submits from any field (implicit submission): on an incomplete card that moves the focus
// to the first bad field, so the keyboard says "next" until the last field, where it pays ("go").
export function field(view: View, id: FieldName, label: unknown, autocomplete: string, placeholder: unknown, extra?: unknown, hint?: string): TemplateResult {
  const error = view.errors[id];
  const holder = id === 'holder';
  return html`<div class="field" part="field field-${id}">
<label for=${id} part="label label-${id}">${label}</label><div class="control">
<input id=${id} part="input input-${id}" autocomplete=${autocomplete} placeholder=${placeholder}
 enterkeyhint=${id === view.last ? 'go' : 'next'}
 inputmode=${holder ? nothing : 'numeric'} maxlength=${holder ? 255 : nothing}
 spellcheck="false" autocorrect="off" autocapitalize=${holder ? 'characters' : 'off'}
 aria-required="true" aria-invalid=${error ? 'true' : 'false'}
 aria-describedby=${hint ? `${id}-hint ${id}-error` : `${id}-error`}
 ?disabled=${view.disabled} ?readonly=${view.busy}
 @input=${view.onInput} @focus=${view.onFocus} @blur=${view.onBlur} @keydown=${view.onKeydown}>${extra}</div><div class="messages">
${hint ? html`<div id="${id}-hint" class="hint ${error ? 'covered' : ''}" part="hint">${hint}</div>` : ''}
<div id="${id}-error" class="error" part="error error-${id}">${error}</div></div>
</div>`;
}

/**
 * The whole form: the number with its brand first, expiry and code side by side, then the holder
 * (issue 27: as Stripe, Adyen and Mercado Pago; a complete number moves on to expiry). The polite live
 * region sits outside the group, whose aria-busy would otherwise hold it back.
 */
export function renderCard(view: View): TemplateResult {
  const { strings: s, brand } = view;
  return html`<div class="group" lang=${view.lang} role="group" aria-label=${s.group} aria-busy=${view.busy ? 'true' : 'false'} part="group">
${field(view, 'number', s.numberLabel, 'cc-number', '1234 1234 1234 1234', brandMarks(brand, view.marks))}
${field(view, 'expiry', s.expiryLabel, 'cc-exp', s.expiryPlaceholder)}
${field(view, 'securityCode', s.codeLabel, 'cc-csc', '1234'.slice(0, brand?.code.size ?? 3), nothing,
  fill(brand?.id === 'amex' ? s.codeHintFront : s.codeHint, { digits: brand?.code.size ?? 3 }))}
${field(view, 'holder', s.holderLabel, 'cc-name', nothing)}${view.extra}
</div><div class="sr-only" lang=${view.lang} role="status" aria-live="polite" aria-atomic="true" part="status">${view.announcement}</div>`;
}
