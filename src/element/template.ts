// The element's shadow DOM. Inputs carry no `name` (nothing open is ever
// submitted) and no `value` binding: values live only in the inputs' `.value`
// property, which is never an attribute.
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Brand } from './brands.js';
import { fill, type Strings } from './i18n.js';
import { brandMark } from './icons.js';
import type { FieldName } from './validation.js';

/** What the template needs; the element builds it on each render. */
export interface View {
  strings: Strings;
  brand: Brand | undefined;
  /** Shown error text per field (empty when none). */
  errors: Record<FieldName, string>;
  disabled: boolean;
  busy: boolean;
  announcement: string;
  onInput(event: Event): void;
  onFocus(event: Event): void;
  onBlur(event: Event): void;
  onKeydown(event: KeyboardEvent): void;
}

interface InputSpec {
  field: FieldName;
  label: string;
  autocomplete: string;
  inputmode?: string;
  maxlength?: number;
  half?: boolean;
  extra?: TemplateResult;
  hint?: string;
}

function field(view: View, spec: InputSpec): TemplateResult {
  const { field: id, hint } = spec;
  const error = view.errors[id];
  return html`<div class="field ${spec.half ? 'half' : ''}" part="field field-${id}">
    <div class="top"><label for=${id} part="label label-${id}">${spec.label}</label>${spec.extra}</div>
    <input id=${id} part="input input-${id}" type="text" autocomplete=${spec.autocomplete}
      inputmode=${ifDefined(spec.inputmode)} maxlength=${ifDefined(spec.maxlength)}
      spellcheck="false" autocorrect="off" autocapitalize=${id === 'holder' ? 'characters' : 'off'}
      aria-required="true" aria-invalid=${error ? 'true' : 'false'}
      aria-describedby=${hint ? `${id}-hint ${id}-error` : `${id}-error`}
      ?disabled=${view.disabled} ?readonly=${view.busy}
      @input=${view.onInput} @focus=${view.onFocus} @blur=${view.onBlur} @keydown=${view.onKeydown}>
    ${hint ? html`<div id="${id}-hint" class="hint" part="hint">${hint}</div>` : ''}
    <div id="${id}-error" class="error" part="error error-${id}">${error}</div>
  </div>`;
}

/**
 * The whole form: holder, number with its brand, expiry and code. The polite live
 * region sits outside the group, whose aria-busy would otherwise hold it back.
 */
export function renderCard(view: View): TemplateResult {
  const { strings: s, brand } = view;
  const brandBadge = html`<span class="brand" part="brand">
    <svg part="icon" viewBox="0 0 32 20" width="32" height="20" aria-hidden="true" focusable="false">${brandMark(brand?.id)}</svg>
    <span part="brand-name">${brand?.name ?? ''}</span></span>`;
  return html`<div class="group" role="group" aria-label=${s.group} aria-busy=${view.busy ? 'true' : 'false'} part="group">
    ${field(view, { field: 'holder', label: s.holderLabel, autocomplete: 'cc-name', maxlength: 255 })}
    ${field(view, { field: 'number', label: s.numberLabel, autocomplete: 'cc-number', inputmode: 'numeric', extra: brandBadge })}
    ${field(view, { field: 'expiry', label: s.expiryLabel, autocomplete: 'cc-exp', inputmode: 'numeric', half: true })}
    ${field(view, {
      field: 'securityCode', label: fill(s.codeLabel, { code: brand?.code.name ?? 'CVV' }), autocomplete: 'cc-csc',
      inputmode: 'numeric', half: true, hint: fill(s.codeHint, { digits: brand ? brand.code.size : '3–4' }),
    })}
  </div>
  <div class="sr-only" role="status" aria-live="polite" aria-atomic="true" part="status">${view.announcement}</div>`;
}
