// <svc-card-form>: collects a card, helps the customer type it right, and gives
// the page only the encrypted token (API reference 2.7 and 4.9). No side
// effects: define.ts registers the tag.
import { encryptCard, type CardError, type EncryptCardResult, type PublicJwk } from '../core/index.js';
import { BRANDS, type Brand, type BrandId } from '../shared/brands.js';
import { CardFormSurface, clearCard, encryptNow, formDisabled, internals, owner } from '../shared/card-form.js';
import { jsonAttribute, listAttribute } from '../shared/attributes.js';
import { emit, type SvcCardFormEventMap, type SvcErrorCode } from '../shared/events.js';
import { createFormOwner, type FormOwner } from '../shared/form-owner.js';
import { refuseFrameSrc } from './frame-src.js';
import { formValue, type CheckoutExtras } from '../shared/form-value.js';
import { renderDocument } from './holder-document-field.js';
import type { InstallmentPlan } from '../shared/installments.js';
import { createInstallments } from './installments-field.js';
import { checkPublicKey, warnSetup } from './key-check.js';
import { parseExpiry } from './expiry.js';
import { ReactiveBase, type PropertyDeclarations, type PropertyValues } from './reactive-base.js';
import { applyInput, looksAutofilled } from './field-input.js';
import { fill, type Strings } from '../shared/i18n.js';
import { langOf } from '../shared/lang.js';
import { setState, type SvcState } from '../shared/states.js';
import type { InlineOnly, Setting } from '../shared/surface.js';
import { styles } from './svc-card-form.styles.js';
import { renderCard, type View } from './template.js';
import { toCardErrors } from './card-errors.js';
import { checkCard, FIELDS, messageFor, type CardValues, type FieldError, type FieldName, type FieldErrorReason } from './validation.js';

const empty = (): CardValues => ({ holder: '', number: '', expiry: '', securityCode: '', holderDocument: '' });

// The attributes and --svc-* custom properties are documented once, in the element's surface
// (src/shared/surface.ts, surface-docs.ts), which the custom-elements manifest takes.
/**
 * A card form for Brazilian checkouts that hands the page only the encrypted token.
 *
 * @summary Card number, expiry, code and holder, encrypted in the browser.
 * @fires {CustomEvent<SvcReadyDetail>} svc-ready - `{}` once the fields are rendered and can be typed in.
 * @fires {CustomEvent<SvcChangeDetail>} svc-change - `{complete, brand, errors, plan}` after each edit, blur and installments choice (`plan`: the chosen installment plan, for the page's total and Pay button).
 * @fires {CustomEvent<SvcBrandDetail>} svc-brand - `{brand, name}` when the detected brand changes.
 * @fires {CustomEvent<SvcEncryptedDetail>} svc-encrypted - `{encryptedCard, brand, last4, installments?, holderDocument?}` when the card was encrypted.
 * @fires {CustomEvent<SvcErrorDetail>} svc-error - `{code, errors, message}` when nothing could be encrypted, or at once for a bad `public-key`.
 * @fires {CustomEvent<SvcFieldDetail>} svc-focus - `{field}` when a field gets focus.
 * @fires {CustomEvent<SvcFieldDetail>} svc-blur - `{field}` when a field loses focus.
 * @csspart group - The wrapper of the fields (role=group, aria-busy).
 * @csspart field - Each field's wrapper (also `field-holder`, `field-number`, `field-expiry`, `field-securityCode`; `field-holderDocument` and `field-installments` when shown).
 * @csspart label - Each label (also `label-<field>`).
 * @csspart input - Each input, and the installments' select (also `input-<field>`, `input-installments`).
 * @csspart error - Each field's error text (also `error-<field>`).
 * @csspart hint - The security code's hint.
 * @csspart brand - The brand marks inside the number input: the detected brand's, or the accepted brands' while the number is empty.
 * @csspart icon - Each brand mark (an inline SVG, 32x20).
 * @csspart brand-name - The detected brand's name (visually hidden).
 * @csspart status - The polite live region (visually hidden).
 *
 * @example
 * <form method="post" action="/pay">
 *   <svc-card-form name="card" public-key="-----BEGIN PUBLIC KEY-----..." key-id="v1"></svc-card-form>
 *   <button>Pagar</button>
 * </form>
 */
export class SvcCardForm extends CardFormSurface(ReactiveBase) {
  static override styles = styles;
  static override shadowRootOptions: ShadowRootInit = { mode: 'open', delegatesFocus: true };
  // Each read from its attribute in kebab case (the surface's names: `keyId` from `key-id`); a plain
  // object literal, which the manifest's analyzer reads (test/element/surface.test.ts checks it against the surface).
  static override properties: PropertyDeclarations = {
    publicKey: {},
    keyId: {},
    disabled: { type: Boolean, reflect: true },
    acceptedBrands: { converter: listAttribute },
    strings: { attribute: false },
    installments: { converter: jsonAttribute },
    amount: { type: Number },
    holderDocument: { type: Boolean },
    // A reactive property so that the `lang` attribute re-renders; reflected, as the native one is.
    lang: { reflect: true },
  };

  /** PEM RSA public key of the service (SPKI or PKCS#1, at least 2048 bits), or its public JWK (property only). */
  declare publicKey: string | PublicJwk;
  /** Names the service's key pair; default `v1`. */
  declare keyId: string;
  /** Disables every field; a disabled element is neither validated nor submitted. */
  declare disabled: boolean;
  /** Brand ids accepted by the merchant (attribute: space or comma separated); empty accepts all. */
  declare acceptedBrands: BrandId[];
  /** Overrides for any text, e.g. `{ numberLabel: 'Número' }`. */
  declare strings: Partial<Strings>;
  /**
   * The installment plans offered, as the API reference's product `paymentMethod[].installments`
   * entries (`installment`, optional `fee` in percent, `installmentAmount`, `totalAmount` in reais)
   * plus an optional `brands` list and, with interest, the server's `monthlyRate` and `cet` in percent
   * (svc-card/server `plansWithRates`); none: no "Parcelas" control.
   */
  declare installments: InstallmentPlan[];
  /** The order amount in integer cents (needed with `installments`). */
  declare amount: number;
  /** Shows the holder's CPF or CNPJ field. */
  declare holderDocument: boolean;

  #values = empty();
  #shown: Partial<Record<FieldName, FieldErrorReason>> = {};
  #autofilled = new Set<FieldName>();
  #brand: Brand | undefined;
  #formDisabled = false;
  readonly #formOwner = createFormOwner(this, {
    blocked: () => this.#isDisabled,
    encrypt: () => this.encrypt(),
    showErrors: (attempt) => (attempt ? this.#focusFirstBad : this.#focus)(this.#showErrors()),
    busyChanged: (busy) => {
      this.#state('busy', busy);
      this.requestUpdate();
    },
  });
  #announcement = '';
  // The texts of the `refused` errors showError put at fields.
  #said: Partial<Record<FieldName, string>> = {};
  // Counts edits and resets: a token made before the latest one is stale.
  #edits = 0;
  readonly #plans = createInstallments();

  constructor() {
    super();
    this.publicKey = '';
    this.keyId = '';
    this.disabled = false;
    this.acceptedBrands = [];
    this.strings = {};
    this.installments = [];
    this.amount = 0;
    this.holderDocument = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasAttribute('frame-src')) refuseFrameSrc(this); // frame mode's attribute, not this script's
  }

  // No disconnectedCallback unhooking the form: a <form> detached and
  // re-inserted with the element keeps its owner, so formAssociatedCallback
  // would not fire again and submits would go out without a token.

  /** The language of the rendered texts: English, overridden texts in the tag's language, else pt-BR. */
  get #contentLang(): string {
    const tag = langOf(this);
    return /^en(-|$)/i.test(tag) || Object.keys(this.strings).length ? tag : 'pt-BR';
  }

  /** Focuses the first of `bad`; returns how many there are. */
  readonly #focus = (bad: FieldError[]): number => {
    if (bad[0]) this.focus(bad[0].field);
    return bad.length;
  };

  /**
   * Focuses a field (the first one by default).
   * @example form.querySelector('svc-card-form').focus('number');
   */
  override focus(target?: FieldName | FocusOptions): void {
    const input = this.#input(typeof target === 'string' ? target : 'number');
    if (input) input.focus(typeof target === 'object' ? target : undefined);
    else super.focus();
  }

  /** @internal reset()'s own part: the form value is cleared by card-form.ts. */
  [clearCard](): void {
    this.#edits++;
    this.#values = empty();
    this.#shown = {};
    this.#autofilled.clear();
    this.#plans.choose(0);
    for (const name of FIELDS) {
      const input = this.#input(name);
      if (input) input.value = '';
    }
    this.#setBrand(undefined);
    this.#changed();
  }

  /**
   * Shows `message` at `field`, marked invalid, until the shopper edits that field, and focuses
   * it: the payment's answer where it is fixed (issue 27), e.g. a decline at the number. The
   * focused field's description says the message, once (not the live region too: said twice,
   * and a page that did not focus the field had it said nowhere). One line is
   * kept under each field: about 30 characters fit at 320 px (15 for expiry and code).
   * @example cardForm.showError('number', 'Recusado: saldo insuficiente.');
   */
  showError(field: FieldName, message: string): void {
    this.#said[field] = message;
    this.#shown[field] = 'refused';
    this.#changed();
    this.focus(field);
  }

  /** @internal encrypt()'s own part (card-form.ts holds the element meanwhile). */
  async [encryptNow](): Promise<EncryptCardResult> {
    const bad = this.#showErrors();
    if (bad.length) {
      this.#focusFirstBad(bad);
      const errors = toCardErrors(bad);
      this.#fail('INVALID_CARD', errors, bad.map((e) => e.message).join(' '));
      return { hasErrors: true, errors, encryptedCard: null };
    }
    this.#announce(this.texts.busy);
    const edits = this.#edits;
    const brand = this.#brand?.id ?? 'unknown';
    const last4 = this.#values.number.slice(-4);
    const extras = this.#extras();
    try {
      const { month, year } = parseExpiry(this.#values.expiry)!;
      const result = await encryptCard({
        publicKey: this.publicKey, keyId: this.keyId || undefined, holder: this.#values.holder,
        number: this.#values.number, expMonth: month, expYear: year,
        securityCode: this.#values.securityCode,
      });
      if (result.hasErrors) {
        const keyOnly = result.errors.every((e) => e.code === 'INVALID_PUBLIC_KEY');
        this.#fail(keyOnly ? 'INVALID_PUBLIC_KEY' : 'INVALID_CARD', result.errors, this.texts.encryptFailed);
        return result;
      }
      // Edited or reset meanwhile (a script: the fields are read-only): that token holds a card no longer shown.
      if (edits !== this.#edits) return this[encryptNow]();
      this[internals]?.setFormValue(formValue(this.getAttribute('name'), result.encryptedCard, extras));
      this.#announce(this.texts.encrypted);
      emit(this, 'svc-encrypted', { encryptedCard: result.encryptedCard, brand, last4, ...extras });
      return result;
    } catch (error) {
      const insecure = (error as { code?: unknown } | null)?.code === 'SECURE_CONTEXT_REQUIRED';
      this.#fail(insecure ? 'SECURE_CONTEXT_REQUIRED' : 'ENCRYPTION_FAILED', [],
        insecure ? this.texts.insecurePage : this.texts.encryptFailed);
      throw error;
    }
  }

  // --- form participation (ElementInternals, card-form.ts) ---

  /** @internal */
  get [owner](): FormOwner {
    return this.#formOwner;
  }

  /** @internal */
  [formDisabled](disabled: boolean): void {
    this.#formDisabled = disabled;
    this.#changed();
  }

  // Enter in a field submits the owning form, as it would for a light-DOM input.
  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && !event.isComposing && this.#formOwner.submitFromField()) event.preventDefault();
  };

  // --- editing ---

  readonly #onInput = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const field = input.id as FieldName;
    const type = (event as InputEvent).inputType ?? '';
    this.#edits++;
    const brand = this.#brand;
    this.#setBrand(applyInput(field, input, type, this.#values, this.#brand));
    if (looksAutofilled(input, type)) this.#autofilled.add(field);
    else this.#autofilled.delete(field);
    const checks = this.#check();
    if (this.#shown[field] === 'refused') delete this.#shown[field]; // the page's message goes with the edit
    if (checks[field].status !== 'invalid') delete this.#shown[field];
    // A month out of 01-12 no further digit can fix: said as typed (issue 27), not on blur.
    else if (field === 'expiry') this.#shown.expiry = checks.expiry.reason;
    // A code typed before the number may not fit the brand found now: say so at once, not at submit.
    const code = checks.securityCode;
    if (brand !== this.#brand && code.status !== 'partial') {
      if (code.reason) this.#shown.securityCode = code.reason;
      else delete this.#shown.securityCode;
    }
    this[internals]?.setFormValue(null); // an edit makes any earlier token stale
    this.#changed();
    // A complete field typed or pasted to its end moves on (issue 27): a valid expiry, a valid number
    // of 16 digits or its brand's longest (a 13-digit Visa may be the start of a 16-digit one).
    const n = this.#values.number.length;
    if (/^insert[TF]/.test(type) && checks[field].status === 'valid' && input.selectionStart === input.value.length
      && (field === 'expiry' || (field === 'number' && (n === 16 || n === this.#brand?.lengths.at(-1))))) this.#input(FIELDS[FIELDS.indexOf(field) + 1]!)!.focus();
  };

  // A new installments choice is an edit: an earlier token's form value no longer says it.
  readonly #onInstallments = (event: Event): void => {
    this.#plans.choose(Number((event.target as HTMLSelectElement).value));
    this.#edits++;
    this[internals]?.setFormValue(null);
    this.#changed();
  };

  readonly #onBlur = (event: Event): void => {
    const field = (event.target as HTMLInputElement).id as FieldName;
    const result = this.#check()[field];
    // An empty field the customer only tabbed through is not an error yet: submit says so, and
    // what submit said stays when the still empty field loses focus. The page's message
    // (showError) goes with an edit, not with the focus leaving: a valid field's blur cleared it.
    const shown = this.#shown[field];
    if (shown !== 'refused') {
      if (result.status === 'valid' || (result.reason === 'required' && shown !== 'required')) delete this.#shown[field];
      else this.#shown[field] = result.reason;
    }
    this.#state('focused', false);
    this.#changed();
    emit(this, 'svc-blur', { field });
  };

  readonly #onFocus = (event: Event): void => {
    this.#state('focused', true);
    emit(this, 'svc-focus', { field: (event.target as HTMLInputElement).id as FieldName });
  };

  // --- state ---

  /** @internal Per field, for the card frame's parent: empty, complete (valid) and shown invalid; never a value. */
  get fieldFlags(): Record<FieldName, { empty: boolean; complete: boolean; invalid: boolean }> {
    const checks = this.#check();
    return Object.fromEntries(FIELDS.map((f) => [f, { empty: !this.#values[f], complete: checks[f].status === 'valid', invalid: !!this.#shown[f] }])) as never;
  }

  #state(name: SvcState, on: boolean): void {
    setState(this, this[internals], name, on);
  }

  readonly #focusFirstBad = (bad: FieldError[]): void => {
    if (this.#focus(bad)) this.#announce(fill(this.texts.fixErrors, { count: bad.length }));
  };

  get #isDisabled(): boolean {
    return this.disabled || this.#formDisabled;
  }

  #input(field: FieldName): HTMLInputElement | null {
    return this.shadowRoot?.getElementById(field) as HTMLInputElement | null;
  }

  #check() {
    return checkCard(this.#values, this.#brand, this.acceptedBrands, new Date(), this.holderDocument);
  }

  /** What goes out with the token: the installments chosen, the holder's document (issue 11). */
  #extras(): CheckoutExtras {
    const installments = this.#plans.value(this.#brand?.id);
    return { ...(installments ? { installments } : {}), ...(this.holderDocument ? { holderDocument: this.#values.holderDocument } : {}) };
  }

  #firstBad(checks = this.#check()): FieldName | undefined {
    return FIELDS.find((field) => checks[field].status !== 'valid');
  }

  #error(field: FieldName, reason: FieldErrorReason): FieldError {
    return { field, reason, message: reason === 'refused' ? this.#said[field]! : messageFor(field, reason, this.texts, this.#brand) };
  }

  /** Shows the error of every bad field and returns them in field order. */
  #showErrors(): FieldError[] {
    const checks = this.#check();
    this.#shown = {};
    for (const field of FIELDS) if (checks[field].reason) this.#shown[field] = checks[field].reason;
    this.#changed();
    return this.#shownErrors();
  }

  #shownErrors(): FieldError[] {
    return FIELDS.flatMap((field) => (this.#shown[field] ? [this.#error(field, this.#shown[field]!)] : []));
  }

  #setBrand(brand: Brand | undefined): void {
    if (brand === this.#brand) return;
    this.#brand = brand;
    if (brand) this.#announce(fill(this.texts.brandDetected, { brand: brand.name }));
    emit(this, 'svc-brand', { brand: brand?.id ?? 'unknown', name: brand?.name ?? '' });
  }

  #announce(text: string): void {
    // The same text twice must still be heard: make it differ by a no-break space.
    this.#announcement = text === this.#announcement ? `${text}\u00a0` : text;
    this.requestUpdate();
  }

  #fail(code: SvcErrorCode, errors: CardError[], message: string): void {
    if (code !== 'INVALID_CARD') this.#announce(message);
    emit(this, 'svc-error', { code, errors, message });
  }

  /** A bad key is told at once (one warning and `svc-error`), not when the customer pays; a newer key wins. */
  async #checkKey(): Promise<void> {
    const { publicKey, keyId } = this;
    const bad = await checkPublicKey(publicKey, keyId);
    if (!bad || publicKey !== this.publicKey || keyId !== this.keyId) return;
    warnSetup(bad.message);
    emit(this, 'svc-error', { code: 'INVALID_PUBLIC_KEY', ...bad });
  }

  /** After any change: validity, states, a render and `svc-change`. */
  #changed(): void {
    const complete = this.#sync();
    this.requestUpdate();
    emit(this, 'svc-change', { complete, brand: this.#brand?.id ?? 'unknown', errors: this.#shownErrors(), plan: this.#plans.option(this.#brand?.id) });
  }

  /** Validity and states from the fields; returns whether every field is valid. */
  #sync(): boolean {
    const checks = this.#check(); // once per change: validity needs the same result
    const bad = this.#firstBad(checks);
    this.#updateValidity(bad, bad && checks[bad].reason);
    this.#state('invalid', Object.keys(this.#shown).length > 0);
    this.#state('complete', !bad);
    this.#state('autofilled', this.#autofilled.size > 0);
    this.#state('disabled', this.#isDisabled);
    return !bad;
  }

  #updateValidity(bad: FieldName | undefined, reason: FieldErrorReason | undefined): void {
    const anchor = bad && this.#input(bad);
    if (!this[internals] || (bad && !anchor)) return; // before the first render: see firstUpdated
    if (!bad || this.#isDisabled) return this[internals].setValidity({});
    const flags = reason === 'required' ? { valueMissing: true } : { badInput: true };
    this[internals].setValidity(flags, messageFor(bad, reason!, this.texts, this.#brand), anchor!);
  }

  protected override firstUpdated(): void {
    emit(this, 'svc-ready', {});
  }

  /** Plans or amount changed: a problem is told at once, naming the member (no console), and no control shows. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('installments') && !changed.has('amount')) return;
    const problem = this.#plans.set(this.installments, this.amount);
    if (problem) emit(this, 'svc-error', { code: 'INVALID_INSTALLMENTS', errors: [], message: `<svc-card-form> ${problem}` });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('publicKey') || changed.has('keyId')) void this.#checkKey();
    // Disabled, accepted brands, `lang` or `strings` may have changed (validationMessage is in the
    // texts' language); the first render is when the inputs first exist to anchor validity.
    this.#sync();
  }

  protected override render() {
    const messages = {} as Record<FieldName, string>;
    for (const field of FIELDS) messages[field] = this.#shown[field] ? this.#error(field, this.#shown[field]!).message : '';
    const view: View = {
      strings: this.texts, lang: this.#contentLang, brand: this.#brand, errors: messages, disabled: this.#isDisabled, busy: this.#formOwner.busy,
      marks: this.#brand ? [this.#brand.id] : this.#values.number ? [] : this.acceptedBrands.length ? this.acceptedBrands : BRANDS.map((b) => b.id),
      announcement: this.#announcement, last: this.holderDocument ? 'holderDocument' : 'holder', onInput: this.#onInput, onFocus: this.#onFocus, onBlur: this.#onBlur,
      onKeydown: this.#onKeydown,
    };
    view.extra = [renderDocument(view, this.holderDocument),
      this.#plans.render(this.#brand?.id, view.strings.installmentsLabel, view.lang, view.disabled, this.#onInstallments)];
    return renderCard(view);
  }
}

/** @internal A type error when the surface (shared/surface.ts) has a property this class lacks. */
export type InlineSurface<T extends never = Exclude<Setting | InlineOnly, keyof SvcCardForm>> = T;

// Here, not in events.ts: the element's declaration file then carries its events to every
// entry that names the class (svc-card/element, svc-card/define, the script tag's types).
declare global {
  interface HTMLElementTagNameMap {
    'svc-card-form': SvcCardForm;
  }
  // Bubbling and composed: `document.addEventListener('svc-encrypted', …)` is typed too.
  interface GlobalEventHandlersEventMap extends SvcCardFormEventMap {}
}
