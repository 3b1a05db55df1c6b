// The public surface both modes of <svc-card-form> share, written once (issue 26), as material-web
// builds its fields from mixins: form association through ElementInternals (form, validity,
// checkValidity() / reportValidity(), the form callbacks), encrypt() and hold() over the form-owner
// controller, reset(), the language and its texts, and the attribute converters. The inline element
// (src/element/svc-card-form.ts, over ReactiveBase) and the frame-mode element
// (src/frame/parent/svc-card-form-frame.ts, over HTMLElement) each add the part only they know
// through symbol-keyed members, as material-web's `internals` symbol: symbols rather than protected
// names, which the minifier would keep whole in the budgeted scripts.
import type { EncryptCardResult } from '../core/index.js';
import type { FormOwner } from './form-owner.js';
import { stringsFor, type Strings } from './i18n.js';
import { langOf } from './lang.js';

/** The element's ElementInternals; undefined where the engine has none (happy-dom, very old engines). */
export const internals = Symbol();
/** The element's form-owner controller (form-owner.ts), made by each mode with its own callbacks. */
export const owner = Symbol();
/** The mode's encryption: checks, shows errors, encrypts; encrypt() holds the element meanwhile. */
export const encryptNow = Symbol();
/** The mode's half of reset(): empties the fields and errors (the form value is cleared here). */
export const clearCard = Symbol();
/** A disabled fieldset or form disabled (true) or enabled the element: the mode applies it. */
export const formDisabled = Symbol();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor takes its base's arguments
type Constructor<T> = abstract new (...args: any[]) => T;

/** `Base` with the card form's shared public surface; the mode supplies the symbol-keyed members. */
export function CardFormSurface<B extends Constructor<HTMLElement>>(Base: B) {
  abstract class CardForm extends Base {
    /** Makes the element a form control (ElementInternals). */
    static formAssociated = true;
    // A private field, not a symbol-keyed one: public fields are assigned in the constructor
    // (useDefineForClassFields false), which moves every field initializer of the class there.
    // happy-dom and very old engines have no attachInternals: the element still renders, and with
    // no form to take part in, checkValidity() and reportValidity() say valid (the inline element's
    // own fallback for them, 35 B gzip, went to pay for this file: issue 26).
    readonly #internals: ElementInternals | undefined = this.attachInternals?.();

    /** @internal */
    get [internals](): ElementInternals | undefined {
      return this.#internals;
    }
    /** @internal */
    abstract readonly [owner]: FormOwner;
    /** @internal */
    abstract [encryptNow](): Promise<EncryptCardResult>;
    /** @internal */
    abstract [clearCard](): void;
    /** @internal */
    abstract [formDisabled](disabled: boolean): void;

    /** The texts in use: the language's (`lang`, else the nearest ancestor's across shadow roots), then the `strings` overrides. */
    get texts(): Strings {
      // Each mode's own `strings` (a reactive property inline, an accessor in frame mode): not declared
      // here, where a declaration file would make it a property that frame mode's accessor overrides.
      return { ...stringsFor(langOf(this)), ...(this as { strings?: Partial<Strings> }).strings };
    }

    /** The owning form, as for native controls. */
    get form(): HTMLFormElement | null {
      return this.#internals?.form ?? null;
    }

    /** The element's validity, following the fields. */
    get validity(): ValidityState | undefined {
      return this.#internals?.validity;
    }

    /** The first bad field's message, in the element's language. */
    get validationMessage(): string {
      return this.#internals?.validationMessage ?? '';
    }

    /** True when every field is valid. As native controls, fires `invalid` when not; nothing is shown. */
    checkValidity(): boolean {
      return this.#internals?.checkValidity() ?? true;
    }

    /** Shows every error, focuses the first bad field and returns whether the card is valid. */
    reportValidity(): boolean {
      return this.#internals ? this[owner].report(() => this.#internals!.reportValidity()) : true;
    }

    /**
     * Clears every field, error and the form value.
     * @example cardForm.reset();
     */
    reset(): void {
      this.#internals?.setFormValue(null);
      this[clearCard]();
    }

    /**
     * Checks the fields (showing errors and focusing the first bad one), then encrypts, the
     * fields read-only meanwhile. Resolves the core's `EncryptCardResult`, always for the card as
     * shown when it resolves: were the fields edited or reset meanwhile, the card is checked and
     * encrypted again. Rejects like `encryptCard` when the page is not a secure context, and in
     * frame mode with `FRAME_UNAVAILABLE` when the card frame is not there.
     * @example
     * const result = await cardForm.encrypt();
     * if (!result.hasErrors) await cardForm.hold(fetch('/pay', { method: 'POST', body: JSON.stringify({ token: result.encryptedCard }) }));
     */
    encrypt(): Promise<EncryptCardResult> {
      return this.hold(this[encryptNow]());
    }

    /**
     * Keeps the element busy until `work` settles: fields read-only, `aria-busy`, `:state(busy)`,
     * and a submit of the form meanwhile is dropped. Give it the payment the token is for, so no
     * edit can make what is shown differ from what is paid. Returns `work`.
     * @example
     * cardForm.addEventListener('svc-encrypted', (e) => cardForm.hold(pay(e.detail.encryptedCard)));
     */
    hold<T>(work: Promise<T>): Promise<T> {
      return this[owner].hold(work);
    }

    /** @internal */
    formAssociatedCallback(form: HTMLFormElement | null): void {
      this[owner].watch(form);
    }

    /** @internal */
    formResetCallback(): void {
      this.reset();
    }

    /** @internal */
    formDisabledCallback(disabled: boolean): void {
      this[formDisabled](disabled);
    }
  }
  return CardForm;
}
