// "Parcelas" (issue 11): the merchant's plans as a native <select> after the card fields.
// The choice is a number of installments; the options follow the detected brand, and a
// brand change keeps a valid choice (the shopper's if the brand offers it, else the
// smallest offered). Rendered only when a plan applies.
import { html, nothing } from 'lit/html.js';
import type { BrandId } from './brands.js';
import { checkPlans, installmentLabel, optionsForBrand, type InstallmentOption } from './installments.js';

/** The element's installments state. */
export interface InstallmentsChoice {
  /** Takes the plans and the order amount; returns the problem naming the member, or ''. */
  set(plans: unknown, amount: unknown): string;
  /** The chosen number of installments for the brand; 0 when no plan applies (no control). */
  value(brand: BrandId | undefined): number;
  /** The shopper's choice (0: back to the default). */
  choose(installments: number): void;
  render(brand: BrandId | undefined, label: string, lang: string, disabled: boolean, onChange: (event: Event) => void): unknown;
}

export function createInstallments(): InstallmentsChoice {
  let options: InstallmentOption[] = [];
  let chosen = 0;
  const offered = (brand: BrandId | undefined) => optionsForBrand(options, brand);
  const value = (brand: BrandId | undefined) => {
    const open = offered(brand).map((option) => option.installments);
    return open.includes(chosen) ? chosen : open.length ? Math.min(...open) : 0;
  };
  return {
    set(plans, amount) {
      const checked = checkPlans(plans, amount);
      options = checked.options;
      return checked.problem;
    },
    value,
    choose: (installments) => void (chosen = installments),
    render(brand, label, lang, disabled, onChange) {
      const open = offered(brand);
      if (!open.length) return nothing;
      const selected = value(brand);
      const labelLang = /^en(-|$)/i.test(lang) ? 'en' : 'pt-BR';
      // Label, control, messages: the three rows every field has in the group's grid.
      return html`<div class="field" part="field field-installments"><label for="installments" part="label label-installments">${label}</label><div class="control">
<select id="installments" part="input input-installments" ?disabled=${disabled} @change=${onChange}>${open.map((option) =>
  html`<option value=${option.installments} .selected=${option.installments === selected}>${installmentLabel(option, labelLang)}</option>`)}</select></div><div class="messages"></div></div>`;
    },
  };
}
