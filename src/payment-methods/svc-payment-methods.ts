// <svc-payment-methods>: the shopper chooses how to pay among the methods the merchant offers
// (issue 27), as Stripe's Payment Element and Mercado Pago's Payment Brick show them: a radio
// group (native radios: arrow keys, one tab stop, a legend), then the chosen method's panel, the
// merchant's own child with slot="card", "pix" or "boleto". It never reads a panel: the card form
// (inline or frame mode) stays the merchant's child and nothing of the card passes through here;
// PIX and boleto need no frame. No Lit: a script of its own (dist/svc-payment-methods.js).
import { BaseElement } from '../shared/base-element.js';
import { langOf } from '../shared/lang.js';
import { API_METHOD, firstChoice, parseMethods, type PaymentMethodId } from './methods.js';
import { STYLE } from './styles.js';
import { methodsView, type Make } from './view.js';

/** The detail of `svc-method-change`. */
export interface MethodChangeDetail {
  method: PaymentMethodId;
  /** The API's paymentMethod for it: what the merchant's server sends to POST /v1/charge/pay. */
  paymentMethod: (typeof API_METHOD)[PaymentMethodId];
}

let sheet: CSSStyleSheet | undefined;

/**
 * The payment methods chooser.
 *
 * @attr methods - The methods offered, in order: `card`, `pix`, `boleto` (or the API's CREDIT_CARD, PIX, BOLETO), e.g. "pix card boleto"; all three when it names none.
 * @attr value - The method chosen first (default: the first offered).
 * @attr lang - pt-BR (default) or en; else the nearest lang attribute.
 * @attr disabled - No other method can be chosen (e.g. while the chosen one pays); the chosen method and its panel stay.
 * @slot card - The card form (`<svc-card-form>`, inline or frame mode), shown while card is chosen.
 * @slot pix - What the page shows while PIX is chosen (e.g. a note; the QR comes after paying, from handleNextAction).
 * @slot boleto - The same for boleto.
 * @slot pix-auto - The same for PIX Automático (offered when `methods` names pix-auto: a plan's checkout; the authorisation comes from handleNextAction).
 * @fires {CustomEvent<MethodChangeDetail>} svc-method-change - The shopper chose another method; detail {method, paymentMethod}. Bubbles, composed.
 * @csspart methods - The radio group (a fieldset), hidden when one method is offered (not `group`: the card form's part of that name).
 * @csspart method - Each method's label (with its radio).
 * @cssproperty --svc-font-family - Font of the whole chooser (default: inherited).
 * @cssproperty --svc-label-font-weight - The legend's weight (default 600).
 * @cssproperty --svc-color-background - Each method's background (default: none, the page shows through).
 * @cssproperty --svc-color-border - Each method's border (default: the text colour at 40%).
 * @cssproperty --svc-border-width - Its width (default 1px).
 * @cssproperty --svc-radius - Each method's corner radius (default 6px).
 * @cssproperty --svc-color-focus - The chosen method's border, the radio and the focus outline (default: blue mixed with the text colour).
 * @cssproperty --svc-color-muted - Each method's hint (default: the text colour at 78%).
 * @cssproperty --svc-gap - Space below the methods, before the chosen panel (default 12px).
 */
export class SvcPaymentMethods extends BaseElement {
  static observedAttributes = ['methods', 'value', 'lang', 'disabled'];
  #root = this.attachShadow({ mode: 'open' });
  #slot = document.createElement('slot');
  #value: PaymentMethodId | undefined;
  /** Panels this element disabled (and so may enable again): a panel the page disabled itself stays so. */
  #disabledHere = new WeakSet<Element>();

  constructor() {
    super();
    sheet ??= new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    this.#root.adoptedStyleSheets = [sheet];
    this.#slot.addEventListener('slotchange', () => this.#panels());
    this.#root.addEventListener('change', (event) => {
      this.#choose((event.target as HTMLInputElement).value as PaymentMethodId);
      this.dispatchEvent(new CustomEvent<MethodChangeDetail>('svc-method-change', { detail: this.detail, bubbles: true, composed: true }));
    });
  }

  connectedCallback(): void { this.#render(); }
  attributeChangedCallback(name: string): void {
    // disabled only toggles the group: a render takes the slot out and back, and with it the
    // card form (its frame's focus moved by showError right after could be lost).
    const group = this.#root.firstChild as HTMLFieldSetElement | null; // the radio group, once rendered
    if (name == 'disabled' && group) group.disabled = this.disabled;
    else if (this.isConnected) this.#render();
  }

  /**
   * The methods offered, in the merchant's order.
   * @attr methods
   */
  get methods(): PaymentMethodId[] { return parseMethods(this.getAttribute('methods')); }
  set methods(value: string | PaymentMethodId[]) { this.setAttribute('methods', Array.isArray(value) ? value.join(' ') : value); }

  /**
   * The method chosen; setting it chooses (no event: the page did it).
   * @attr value
   */
  get value(): PaymentMethodId {
    const offered = this.methods;
    return this.#value && offered.includes(this.#value) ? this.#value : firstChoice(offered, this.getAttribute('value'));
  }
  set value(method: PaymentMethodId) {
    if (this.methods.includes(method)) this.#choose(method);
  }

  /**
   * No other method can be chosen while true: the radio group is disabled, as a form control is
   * (e.g. while a card payment is under way: the page then shows no other method's checkout).
   * @attr disabled
   */
  get disabled(): boolean { return this.hasAttribute('disabled'); }
  set disabled(value: boolean) { this.toggleAttribute('disabled', value); }

  /** {method, paymentMethod} of the chosen method. */
  get detail(): MethodChangeDetail { return { method: this.value, paymentMethod: API_METHOD[this.value] }; }

  #choose(method: PaymentMethodId): void {
    this.#value = method;
    for (const radio of this.#root.querySelectorAll('input')) radio.checked = radio.value === method;
    this.#panels();
  }

  /**
   * Only the chosen method's panel is slotted (shown); the others are disabled (the attribute, so a
   * card form not yet upgraded is too), so they take no part in the form: a hidden card form is
   * neither checked nor encrypted when the page submits a PIX.
   */
  #panels(): void {
    const chosen = this.value;
    // Set only when it changes: WebKit fires slotchange again for the same name, which comes back here.
    if (this.#slot.name !== chosen) this.#slot.name = chosen;
    for (const panel of this.children) {
      if (!('disabled' in panel) && !panel.localName.includes('-')) continue;
      const shown = panel.slot === chosen;
      if (!shown && !panel.hasAttribute('disabled')) {
        panel.setAttribute('disabled', '');
        this.#disabledHere.add(panel);
      } else if (shown && this.#disabledHere.delete(panel)) {
        panel.removeAttribute('disabled');
      }
    }
  }

  #render(): void {
    const chosen = this.value;
    this.#root.replaceChildren(methodsView(make, langOf(this), this.methods, chosen, this.disabled), this.#slot);
    this.#choose(chosen);
  }
}

/** The view's elements made in the document (the server render makes the same as text: svc-card/ssr). */
const make: Make<Element> = (tag, attributes, ...children) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== false) element.setAttribute(name, value === true ? '' : value);
  element.append(...children);
  return element;
};

/** The chooser's events by name: its DOM typings and the framework typings are built from it. */
export interface SvcPaymentMethodsEventMap {
  'svc-method-change': CustomEvent<MethodChangeDetail>;
}

declare global {
  interface HTMLElementTagNameMap { 'svc-payment-methods': SvcPaymentMethods }
  interface GlobalEventHandlersEventMap extends SvcPaymentMethodsEventMap {}
}
