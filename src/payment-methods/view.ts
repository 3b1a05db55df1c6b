// The chooser's radio group, described once for both its renders: the element makes it in the
// document (svc-payment-methods.ts), svc-card/ssr writes it as HTML (ssr/payment-methods.ts), so
// the server's paint and the element's are the same nodes.
import type { PaymentMethodId } from './methods.js';
import { METHOD_TEXTS, methodsLang } from './texts.js';

/** Makes one element: `true` writes a boolean attribute, `false` leaves it out. */
export type Make<N> = (tag: string, attributes: Record<string, string | boolean>, ...children: (N | string)[]) => N;

/** The radio group (a fieldset, hidden when one method is offered; `disabled`, no choice) in `lang`, for the methods `offered`, `chosen` checked. */
export function methodsView<N>(make: Make<N>, lang: string, offered: readonly PaymentMethodId[], chosen: PaymentMethodId, disabled: boolean): N {
  const say = METHOD_TEXTS[methodsLang(lang)];
  return make('fieldset', { part: 'methods', hidden: offered.length < 2, disabled }, make('legend', {}, say.legend),
    ...offered.map((method) => {
      const [name, hint, short] = say[method];
      return make('label', { part: `method method-${method}` },
        make('input', { type: 'radio', name: 'method', value: method, checked: method === chosen }), make('span', {}, name), make('b', {}, short), make('small', {}, hint));
    }));
}
