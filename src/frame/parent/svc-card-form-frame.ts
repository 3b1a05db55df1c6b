// <svc-card-form frame-src="…"> on the merchant's page (issue 9): one cross-origin iframe holds
// the whole card block; this side keeps the element's API (form value = the token, validity,
// reset, disabled, encrypt(), focus(), the svc-* events and states) from the frame's messages.
// No Lit, no WebCrypto, no key code: it never sees a card, so it has nothing to encrypt.
import type { CardError, EncryptCardResult, EncryptedCard } from '../../core/index.js';
import type { BrandId } from '../../shared/brands.js';
import { jsonAttribute, listAttribute } from '../../shared/attributes.js';
import { BaseElement } from '../../shared/base-element.js';
import { CardFormSurface, clearCard, encryptNow, formDisabled, internals, owner } from '../../shared/card-form.js';
import { emit, type SvcCardFormEventMap, type SvcEncryptedDetail, type SvcErrorCode, type SvcErrorDetail } from '../../shared/events.js';
import { createFormOwner, type FormOwner } from '../../shared/form-owner.js';
import { formValue } from '../../shared/form-value.js';
import type { Strings } from '../../shared/i18n.js';
import { checkPlans, withInterest, type InstallmentOption, type InstallmentPlan } from '../../shared/installments.js';
import { langOf } from '../../shared/lang.js';
import { FRAME_STATES, setState, type SvcState } from '../../shared/states.js';
import { attributeOf, FRAME_ONLY, SETTINGS, type FrameOnly, type Setting } from '../../shared/surface.js';
import type { FieldError, FieldName } from '../../element/validation.js';
import type { Message } from '../protocol.js';
import { forwardableStyle, safeScheme, safeStyleValue } from '../style-props.js';
import { configOf } from '../config.js';
import { connectFrame, type FrameLink } from './frame-link.js';
import { hostScheme, watchPageLook } from './page-look.js';
import { FRAME_STYLES } from './styles.js';

type Pending = { resolve(result: EncryptCardResult): void; reject(error: Error): void };
const coded = (code: string, text: string) => Object.assign(new Error(text), { code });
// The longest svc-ready waits for the height of a frame that answered with none (#onMessage).
const READY_WAIT = 1_000;
const newIframe = () => Object.assign(document.createElement('iframe'), { referrerPolicy: 'no-referrer' });

// The attributes are documented once, in the element's surface
// (src/shared/surface.ts, surface-docs.ts), which the custom-elements manifest takes.
/**
 * The card form in frame mode. Same API as the inline `SvcCardForm`; `public-key` is ignored:
 * the frame takes its keys from its own origin's JWKS, `key-id` picks one.
 *
 * @summary <svc-card-form frame-src>: the card typed in the payment service's cross-origin frame.
 * @fires {CustomEvent<SvcReadyDetail>} svc-ready - `{}` once the frame answered and its fields can be typed in.
 * @fires {CustomEvent<SvcChangeDetail>} svc-change - `{complete, brand, errors, plan}` after each edit, blur and installments choice (`plan`: the chosen installment plan, for the page's total and Pay button).
 * @fires {CustomEvent<SvcBrandDetail>} svc-brand - `{brand, name}` when the detected brand changes.
 * @fires {CustomEvent<SvcEncryptedDetail>} svc-encrypted - `{encryptedCard, brand, last4, installments?, holderDocument?}` when the card was encrypted.
 * @fires {CustomEvent<SvcErrorDetail>} svc-error - `{code, errors, message}` when nothing could be encrypted.
 * @fires {CustomEvent<SvcFieldDetail>} svc-focus - `{field}` when a field in the frame gets focus.
 * @fires {CustomEvent<SvcFieldDetail>} svc-blur - `{field}` when a field in the frame loses focus.
 */
export class SvcCardFormFrame extends CardFormSurface(BaseElement) {
  static observedAttributes: string[] = [...FRAME_ONLY, ...SETTINGS].map(attributeOf);

  #iframe = newIframe();
  // Laid over the frame's focused field to scroll the page to it (#reveal).
  readonly #probe = document.createElement('span');
  readonly #formOwner = createFormOwner(this, {
    blocked: () => this.#blocked,
    encrypt: () => this.encrypt(),
    showErrors: () => this.#toFrame('report'),
    // The frame's fields hold still while the page holds; the end is told a task later, so
    // encrypt() resolving and the page's hold() right after leave no gap for a keystroke.
    busyChanged: (on) => (on ? this.#toFrame('hold', { on }) : setTimeout(() => this.#formOwner.busy || this.#toFrame('hold', { on }))),
  });
  readonly #pending = new Map<number, Pending>();
  #link: Promise<FrameLink> | undefined;
  #nextId = 0;
  #strings: Partial<Strings> = {};
  #complete = false;
  #frameEdits = 0;
  #formDisabled = false;
  #plans: unknown = [];
  #amount = 0;
  #checking = false;
  #unwatchLook: (() => void) | undefined;

  constructor() {
    super();
    // A shadow root the server rendered (svc-card/ssr) holds the iframe, its frame loading since the
    // HTML was parsed: kept as it is (attachShadow would empty it), and adopted at connect.
    const rendered = this.shadowRoot?.querySelector('iframe');
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open', delegatesFocus: true });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(FRAME_STYLES);
    root.adoptedStyleSheets = [sheet];
    if (rendered) {
      this.#iframe = rendered; // not moved: an iframe taken out of the document loses its page
      for (const node of [...root.childNodes]) if (node !== rendered) node.remove();
    } else root.replaceChildren(this.#iframe); // a root rendered for inline mode holds fields, not a frame
    root.append(this.#probe);
  }

  /** Frame URL (attribute `frame-src`): the payment service's card-frame.html. */
  get frameSrc(): string { return this.getAttribute('frame-src') ?? ''; }
  set frameSrc(value: string) { this.setAttribute('frame-src', value); }
  /** Picks the key of the frame's JWKS; default: its first key. */
  get keyId(): string { return this.getAttribute('key-id') ?? ''; }
  set keyId(value: string) { this.setAttribute('key-id', value); }
  /** Disables every field; a disabled element is neither validated nor submitted. */
  get disabled(): boolean { return this.hasAttribute('disabled'); }
  set disabled(value: boolean) { this.toggleAttribute('disabled', !!value); }
  /** Brand ids accepted by the merchant (attribute: space or comma separated); empty accepts all. */
  get acceptedBrands(): BrandId[] { return listAttribute(this.getAttribute('accepted-brands')) as BrandId[]; }
  set acceptedBrands(value: BrandId[]) { this.setAttribute('accepted-brands', value.join(' ')); }
  /** Overrides for any text, e.g. `{ numberLabel: 'Número' }`: sent to the frame. */
  get strings(): Partial<Strings> { return this.#strings; }
  set strings(value: Partial<Strings>) {
    this.#strings = { ...value };
    this.#configure();
  }

  /** The installment plans offered (attribute: JSON), checked here and in the frame. */
  get installments(): InstallmentPlan[] { return this.#plans as InstallmentPlan[]; }
  set installments(value: InstallmentPlan[]) {
    this.#plans = value;
    this.#plansChanged();
    this.#configure();
  }
  /** The order amount in integer cents. */
  get amount(): number { return this.#amount; }
  set amount(value: number) {
    this.#amount = value;
    this.#plansChanged();
    this.#configure();
  }
  /** Shows the holder's CPF or CNPJ field in the frame. */
  get holderDocument(): boolean { return this.hasAttribute('holder-document'); }
  set holderDocument(value: boolean) { this.toggleAttribute('holder-document', !!value); }

  /** @internal */
  get [owner](): FormOwner { return this.#formOwner; }
  get #blocked(): boolean { return this.disabled || this.#formDisabled; }

  /** True from `svc-ready` until the frame is gone (out of the document, a new frame-src): a late script reads it. */
  get ready(): boolean { return this.#ready; }

  connectedCallback(): void {
    this.#inDocument = true;
    this.#iframe.title = this.title || this.texts.group;
    if (!this.#link && this.frameSrc) this.#connect();
    this.#sync(null);
    // The page's colour, scheme and --svc-* properties as they change (the OS flipping dark, a theme switch): sent again.
    this.#unwatchLook ??= watchPageLook(this.#iframe, () => this.#configure());
  }

  disconnectedCallback(): void {
    this.#inDocument = false;
    this.#unwatchLook?.();
    this.#unwatchLook = undefined;
    // Out of the document the iframe's page is gone, its port with it; put back, it would load anew
    // and say hello on a new port: a new frame and handshake, as for a new frame-src. moveBefore()
    // comes here too (no connectedMoveCallback): Firefox 153 reloads the iframe it moves, Chromium does not.
    this.#drop();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === 'title' || name === 'lang') this.#iframe.title = this.title || this.texts.group;
    if (name === 'installments') this.installments = jsonAttribute(value) as InstallmentPlan[];
    if (name === 'amount') this.amount = Number(value);
    // Not before connectedCallback: an upgrade gives the attributes one by one first (frame-src
    // before amount and installments connected with half of them: WebKitGTK's parser upgrades).
    if (name === 'frame-src' && this.#inDocument && (!this.#link || _old !== value)) {
      this.#drop();
      if (value) this.#connect();
    } else this.#configure();
  }

  override focus(target?: FieldName | FocusOptions): void {
    this.#iframe.focus(); // the frame's document gets the focus, then the field inside it
    this.#toFrame('focus', { field: typeof target === 'string' ? target : 'number' });
  }

  /** As the inline element's: `message` at `field` in the frame, until the shopper edits it, the field focused. */
  showError(field: FieldName, message: string): void {
    this.#toFrame('error', { field, message });
    this.focus(field);
  }

  /** @internal reset()'s own part: the frame empties its fields. */
  [clearCard](): void {
    this.#toFrame('reset');
  }

  /** @internal encrypt()'s own part: the frame checks, shows errors and encrypts; resolves its result. */
  async [encryptNow](): Promise<EncryptCardResult> {
    const current = this.#link;
    const link = current && (await current.catch(() => undefined));
    if (!link || current !== this.#link) { // none, or dropped meanwhile (#drop)
      this.#fail('FRAME_UNAVAILABLE', this.texts.encryptFailed);
      throw coded('FRAME_UNAVAILABLE', 'the card frame did not load');
    }
    if (!this.#complete) this.#iframe.focus(); // errors will be shown and the first bad field focused
    const id = ++this.#nextId;
    const answer = new Promise<EncryptCardResult>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    link.send('encrypt', { id });
    return answer;
  }

  /** @internal */
  [formDisabled](disabled: boolean): void {
    this.#formDisabled = disabled;
    this.#configure();
  }

  #connect(): void {
    let giveUp!: (error: Error) => void;
    const timeout = new Promise<never>((_, reject) => (giveUp = reject));
    const { signal } = (this.#stop = new AbortController());
    const link = connectFrame(this.#iframe, this.frameSrc, this.#config(), (message) => this.#onMessage(message), signal);
    const current = (this.#link = Promise.race([link.then((open) => ((this.#answered = true), open)), timeout]));
    // A link dropped meanwhile (#drop) says nothing more.
    current.then(() => {
      if (this.#link !== current) return;
      this.#configure();
      if (this.#formOwner.busy) this.#toFrame('hold', { on: true }); // a new frame, while the page holds
    }, () => this.#link === current && this.#fail('FRAME_UNAVAILABLE', this.texts.encryptFailed));
    // The frame's script runs before its load event: no answer soon after it (refused by
    // frame-ancestors, an error page, a wrong frame-src) means none is coming. A server-rendered
    // frame may have loaded before this element: no load event then. An iframe's load is in its
    // parent's resource timing: 10 s from here if it is there, else 30 s unless the load comes.
    const wait = (ms: number) => setTimeout(() => this.#answered || giveUp(coded('FRAME_UNAVAILABLE', 'the card frame did not answer')), ms);
    const page = (url: string) => url.split('#')[0];
    const loaded = () => performance.getEntriesByType('resource').some((entry) =>
      (entry as PerformanceResourceTiming).initiatorType === 'iframe' && page(entry.name) === page(this.#iframe.src));
    let waiting = this.#iframe.hasAttribute('src') ? wait(loaded() ? 10_000 : 30_000) : undefined;
    this.#iframe.addEventListener('load', () => (clearTimeout(waiting), (waiting = wait(10_000))), { once: true, signal });
    signal.addEventListener('abort', () => clearTimeout(waiting)); // a dropped link leaves no timer running
  }

  /**
   * Ends the link to the frame's page (the element left the document, or frame-src changed): its
   * pending encrypt() calls reject, its token and validity go (the card typed there is gone), and the
   * iframe is replaced by an empty one (a new src differing only in its fragment would not reload
   * a kept frame, and emptying a connected iframe's src then setting it closed the page in Chromium).
   */
  #drop(): void {
    this.#stop?.abort();
    this.#link = undefined;
    this.#answered = this.#complete = this.#ready = false;
    clearTimeout(this.#readyWait); // the dropped frame's svc-ready is not to come
    this.#readyWait = undefined;
    this.#frameEdits = 0;
    const fresh = newIframe();
    fresh.title = this.#iframe.title;
    this.#iframe.replaceWith(fresh);
    this.#iframe = fresh;
    if (this.#unwatchLook) { // connected: watch the new iframe's transitions (page-look.ts)
      this.#unwatchLook();
      this.#unwatchLook = watchPageLook(fresh, () => this.#configure());
    }
    for (const { reject } of this.#pending.values()) reject(coded('FRAME_UNAVAILABLE', 'the card frame left the document'));
    this.#pending.clear();
    this[internals]?.setFormValue(null);
    this.#sync(null);
    for (const state of FRAME_STATES) setState(this, this[internals], state, false);
  }

  #answered = false;
  #ready = false;
  #readyWait: ReturnType<typeof setTimeout> | undefined;
  #inDocument = false;
  #stop: AbortController | undefined;

  #toFrame(type: string, body?: Record<string, unknown>): void {
    void this.#link?.then((link) => link.send(type, body), () => undefined);
  }

  #configure(): void {
    // Before the frame answers, the disabled state alone: the link's opening sends the config as it
    // is then. A config sent per attribute meanwhile reached the frame stale, and ready followed the first.
    if (!this.#answered) return setState(this, this[internals], 'disabled', this.#blocked);
    const computed = getComputedStyle(this);
    const style = forwardableStyle(computed);
    const font = computed.fontFamily;
    // The page's font when none is set for the element: system and frame-served fonts only render.
    if (!style['--svc-font-family'] && safeStyleValue(font)) style['--svc-font-family'] = font;
    // What the inline element inherits from the page: its text colour and colour scheme.
    if (safeStyleValue(computed.color)) style['--svc-page-color'] = computed.color;
    const scheme = hostScheme(computed.colorScheme);
    if (safeScheme(scheme)) style['--svc-page-scheme'] = scheme;
    this.#toFrame('config', this.#config(style));
  }

  /**
   * The config message's members; sets the disabled state as it reads it. The frame URL's goes
   * without `style`: reading the page's style at connection, mid-parse, held the frame's navigation
   * back (a forced style pass, 16-32 ms on the loaded bench machine); it comes over the port.
   */
  #config(style = {}): Record<string, unknown> {
    setState(this, this[internals], 'disabled', this.#blocked);
    return configOf({
      lang: langOf(this), strings: this.#strings, acceptedBrands: this.acceptedBrands, disabled: this.#blocked,
      keyId: this.keyId, installments: this.#plans, amount: this.#amount, holderDocument: this.holderDocument,
    }, style);
  }

  /**
   * Bad plans are told here, as inline; once per task, as attributes come one by one (plans before their amount).
   * Plans with interest give the iframe the reserve's line for the rates (styles.ts), before the first layout.
   */
  #plansChanged(): void {
    if (this.#checking) return;
    this.#checking = true;
    queueMicrotask(() => {
      this.#checking = false;
      const { options, problem } = checkPlans(this.#plans, this.#amount);
      this.#iframe.classList.toggle('rates', withInterest(options));
      if (problem) emit(this, 'svc-error', { code: 'INVALID_INSTALLMENTS', errors: [], message: `<svc-card-form> ${problem}` });
    });
  }

  #beReady(): void {
    clearTimeout(this.#readyWait);
    this.#readyWait = undefined;
    this.#ready = true;
    emit(this, 'svc-ready', {});
  }

  #onMessage({ type, body }: Message): void {
    this.#answered = true;
    if (type === 'ready' || type === 'height') {
      this.#iframe.style.height = `${body.height}px`;
      // A shown iframe's frame may answer before it has its width (Chromium sizes a cross-origin frame
      // from another process, late under load): height 0, the form not laid out. svc-ready waits for
      // its height, which the page shows from then on, at most READY_WAIT: a frame out of view may
      // not lay out (Chromium), and a svc-ready that never comes leaves Pay disabled.
      if (type === 'ready' && !body.height && this.#iframe.offsetWidth > 8) this.#readyWait = setTimeout(() => this.#beReady(), READY_WAIT);
      else if (type === 'ready' || (body.height && this.#readyWait)) this.#beReady();
    } else if (type === 'change') this.#onChange(body);
    else if (type === 'focus' || type === 'blur') emit(this, `svc-${type}`, body as { field: FieldName });
    else if (type === 'reveal') this.#reveal(body.top as number, body.bottom as number);
    else if (type === 'brand') emit(this, 'svc-brand', body as { brand: BrandId; name: string });
    else if (type === 'encrypted') {
      const detail = body as unknown as SvcEncryptedDetail;
      this[internals]?.setFormValue(formValue(this.getAttribute('name'), detail.encryptedCard, detail));
      emit(this, 'svc-encrypted', detail);
    } else if (type === 'error') emit(this, 'svc-error', body as unknown as SvcErrorDetail);
    else if (type === 'result') this.#settle(body);
    else if (type === 'submit') this.#formOwner.submitFromField();
  }

  /**
   * Scrolls the page, and any scroller around the element, just enough to show the frame's
   * focused field whole: a browser shows only the caret of a field focused inside a frame (Firefox,
   * WebKit), leaving its lower edge and its error line below the fold. Bounded to the iframe.
   */
  #reveal(top: number, bottom: number): void {
    const height = this.#iframe.offsetHeight;
    top = Math.min(top, height);
    this.#probe.style.cssText = `top:${this.#iframe.offsetTop + top}px;height:${Math.min(bottom, height) - top}px`;
    this.#probe.scrollIntoView({ block: 'nearest' });
  }

  #onChange(body: Record<string, unknown>): void {
    if (body.edits !== this.#frameEdits) {
      this.#frameEdits = body.edits as number;
      this[internals]?.setFormValue(null); // an edit makes any earlier token stale
    }
    this.#complete = body.complete as boolean;
    this.#sync(body.validity as { missing: boolean; message: string } | null);
    for (const [state, on] of Object.entries(body.states as Record<SvcState, boolean>)) setState(this, this[internals], state as SvcState, on);
    if (body.changed) emit(this, 'svc-change', { complete: this.#complete, brand: body.brand as BrandId, errors: body.errors as FieldError[], plan: body.plan as InstallmentOption | undefined });
  }

  /** Validity from the frame's; before it answers, the empty card's (the number, the first field, is required). */
  #sync(validity: { missing: boolean; message: string } | null): void {
    if (this.#blocked || (this.#answered && !validity)) return this[internals]?.setValidity({});
    const { missing, message } = validity ?? { missing: true, message: this.texts.numberRequired };
    this[internals]?.setValidity(missing ? { valueMissing: true } : { badInput: true }, message, this.#iframe);
  }

  #settle(body: Record<string, unknown>): void {
    const pending = this.#pending.get(body.id as number);
    this.#pending.delete(body.id as number);
    const card = body.encryptedCard as EncryptedCard | null;
    if (body.thrown) pending?.reject(coded(body.thrown as string, 'the card frame could not encrypt'));
    else pending?.resolve(card ? { hasErrors: false, errors: [], encryptedCard: card } : { hasErrors: true, errors: body.errors as CardError[], encryptedCard: null });
  }

  #fail(code: SvcErrorCode, message: string): void {
    emit(this, 'svc-error', { code, errors: [], message });
  }
}

/** @internal A type error when the surface (shared/surface.ts) has a property this class lacks. */
export type FrameSurface<T extends never = Exclude<Setting | FrameOnly, keyof SvcCardFormFrame>> = T;

// Here, beside the class: every entry that names it (svc-card/frame, svc-card/frame/define) types
// the events on every element and on document, as the inline element's declaration does. No
// HTMLElementTagNameMap entry: 'svc-card-form' is the inline class's there, and a project may load both.
declare global {
  interface GlobalEventHandlersEventMap extends SvcCardFormEventMap {}
}
