// "Parcelas" (issue 11): the merchant's plans as a native <select> after the card fields.
// The choice is a number of installments; the options follow the detected brand, and a
// brand change keeps a valid choice (the shopper's if the brand offers it, else the
// smallest offered). Rendered only when a plan applies.
import { html, nothing } from 'lit/html.js';
import type { BrandId } from '../shared/brands.js';
import { checkPlans, choiceLabel, installmentLabel, optionsForBrand, planCost, withInterest, type InstallmentOption } from '../shared/installments.js';

/** The element's installments state. */
export interface InstallmentsChoice {
  /** Takes the plans and the order amount; returns the problem naming the member, or ''. */
  set(plans: unknown, amount: unknown): string;
  /** The chosen number of installments for the brand; 0 when no plan applies (no control). */
  value(brand: BrandId | undefined): number;
  /** The chosen option for the brand (svc-change's `plan`); none when no plan applies. */
  option(brand: BrandId | undefined): InstallmentOption | undefined;
  /** The shopper's choice (0: back to the default). */
  choose(installments: number): void;
  render(brand: BrandId | undefined, label: string, lang: string, disabled: boolean, onChange: (event: Event) => void): unknown;
}

export function createInstallments(): InstallmentsChoice {
  let options: InstallmentOption[] = [];
  let chosen = 0;
  const offered = (brand: BrandId | undefined) => optionsForBrand(options, brand);
  // The shopper's choice if the brand offers it, else the fewest installments offered.
  const option = (brand: BrandId | undefined) => {
    const open = offered(brand);
    const counts = open.map((o) => o.installments);
    return open[counts.indexOf(counts.includes(chosen) ? chosen : Math.min(...counts))];
  };
  const value = (brand: BrandId | undefined) => option(brand)?.installments ?? 0;
  return {
    set(plans, amount) {
      const checked = checkPlans(plans, amount);
      options = checked.options;
      return checked.problem;
    },
    value,
    option,
    choose: (installments) => void (chosen = installments),
    render(brand, label, lang, disabled, onChange) {
      const open = offered(brand);
      if (!open.length) return nothing;
      const selected = option(brand)!;
      const labelLang = /^en(-|$)/i.test(lang) ? 'en' : 'pt-BR';
      // Label, control, messages: the three rows every field has in the group's grid. Each option in the list
      // is whole (total, and with interest the server's rates); the chosen one is the installments alone, as the
      // closed select shows it (a whole label was cut at 320 and 390 px, "1x de R$ 129,90 sem juros" too in
      // Firefox's frame at 320 px), and the message line under it says the rest: total, interest and rates, two
      // lines at 320 px, so with any plan of interest offered the line has room for two whatever is chosen
      // (choosing 12x moved nothing below it).
      return html`<div class="field" part="field field-installments"><label for="installments" part="label label-installments">${label}</label><div class="control">
<select id="installments" part="input input-installments" aria-describedby="installments-hint" ?disabled=${disabled} @change=${onChange}>${open.map((o) =>
  html`<option value=${o.installments} .selected=${o === selected}>${o === selected ? choiceLabel(o, labelLang) : installmentLabel(o, labelLang)}</option>`)}</select></div><div class="messages"><div id="installments-hint" class=${withInterest(options) ? 'hint rates' : 'hint'} part="hint">${planCost(selected, labelLang)}</div></div></div>`;
    },
  };
}
