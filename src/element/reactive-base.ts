// The element's base class: the part of LitElement that <svc-card-form> uses, over lit-html's
// render. LitElement with ReactiveElement and css-tag costs ~2.7 KB gzip of the 15 KB budget
// (issue 12); this does the same for our one element in a fraction. Lit's names and lifecycle:
// declared properties with attribute converters and reflection, updates batched in a microtask,
// willUpdate / updated / firstUpdated, updateComplete, and the styles
// as one constructed style sheet per class, adopted by the shadow root (no <style>: strict CSP;
// only engines without constructed sheets get one, as with LitElement).
import { render, type TemplateResult } from 'lit/html.js';
import { BaseElement } from '../shared/base-element.js';
import { attributeOf } from '../shared/surface.js';

/** A reactive property, as Lit's declarations (only the options this package uses). */
export interface PropertyDeclaration {
  /** The attribute's name (default: the property's in kebab case, `keyId` -> `key-id`); `false`: property only. */
  attribute?: string | false;
  /** The attribute's type: a present Boolean attribute is true; a Number attribute is parsed. */
  type?: typeof Boolean | typeof Number;
  /** The attribute's value to the property's (Lit's function form of a converter). */
  converter?: (value: string | null) => unknown;
  /** The property is written back to its attribute at each update. */
  reflect?: boolean;
}
export type PropertyDeclarations = Record<string, PropertyDeclaration>;
/** The properties changed since the last update, with their old values. */
export type PropertyValues<T = unknown> = Map<keyof T | PropertyKey, unknown>;

type Declared = typeof ReactiveBase;
declare global {
  /** Set by svc-card/hydrate: lit-html's render, or its hydrate for a server-rendered shadow root. */
  var svcCardRender: typeof render | undefined;
}
// Unlike Lit (lowercased), a property's attribute is by default its name in kebab case, as the
// element's surface names them (shared/surface.ts): `keyId` is read from `key-id`.
const attributeNameOf = (name: string, { attribute }: PropertyDeclaration) => (attribute === undefined ? attributeOf(name) : attribute);
const sheets = new WeakMap<Declared, CSSStyleSheet>();

// No ReactiveControllers: the element has none (its form owner, src/shared/form-owner.ts, needs no
// host hooks), and their bookkeeping paid for the public surface shared with frame mode (issue 26).
export abstract class ReactiveBase extends BaseElement {
  static properties: PropertyDeclarations = {};
  /** The element's CSS. */
  static styles = '';
  static shadowRootOptions: ShadowRootInit = { mode: 'open' };

  /** Read by customElements.define: the accessors are made then, once per class. */
  static get observedAttributes(): string[] {
    return Object.entries(this.properties).flatMap(([name, declaration]) => {
      Object.defineProperty(this.prototype, name, {
        configurable: true,
        get(this: ReactiveBase) {
          return this.#props.get(name);
        },
        set(this: ReactiveBase, value: unknown) {
          const old = this.#props.get(name);
          if (Object.is(old, value)) return;
          this.#props.set(name, value);
          if (declaration.reflect && this.#reflecting !== name) this.#toReflect.add(name);
          this.requestUpdate(name, old);
        },
      });
      return attributeNameOf(name, declaration) || [];
    });
  }

  #props = new Map<string, unknown>();
  // Properties set on the element before it was upgraded: they win over the constructor's defaults.
  #early = new Map<string, unknown>();
  #changed: PropertyValues = new Map();
  #toReflect = new Set<string>();
  #reflecting?: string;
  #pending = false;
  #hasUpdated = false;
  #enableUpdating!: (value?: unknown) => void;
  // The first update waits for the first connection.
  #updated: Promise<unknown> = new Promise((resolve) => (this.#enableUpdating = resolve));

  constructor() {
    super();
    for (const name of Object.keys(this.#declared.properties)) {
      if (Object.hasOwn(this, name)) {
        this.#early.set(name, (this as Record<string, unknown>)[name]);
        delete (this as Record<string, unknown>)[name];
      }
    }
    this.requestUpdate();
  }

  get #declared(): Declared {
    return this.constructor as Declared;
  }

  /** Resolves after the pending update, true when no other one is pending then (Lit's). */
  get updateComplete(): Promise<boolean> {
    return this.#updated as Promise<boolean>;
  }

  connectedCallback(): void {
    if (!this.shadowRoot) {
      const root = this.attachShadow(this.#declared.shadowRootOptions);
      let sheet = sheets.get(this.#declared);
      try {
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(this.#declared.styles);
          sheets.set(this.#declared, sheet);
        }
        root.adoptedStyleSheets = [sheet];
      } catch {
        // No constructed style sheets (Safari before 16.4): a <style>, as LitElement falls back to.
        root.append(Object.assign(document.createElement('style'), { textContent: this.#declared.styles }));
      }
    }
    this.#enableUpdating();
  }

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    for (const [name, declaration] of Object.entries(this.#declared.properties)) {
      if (attributeNameOf(name, declaration) !== attribute || this.#reflecting === name) continue;
      const { converter, type } = declaration;
      this.#reflecting = name;
      (this as Record<string, unknown>)[name] = converter ? converter(value)
        : type === Boolean ? value !== null
        : type === Number && value !== null ? Number(value) : value;
      this.#reflecting = undefined;
    }
  }

  /** Schedules an update (in a microtask; many requests make one), noting `name`'s old value. */
  requestUpdate(name?: PropertyKey, oldValue?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, oldValue);
    if (this.#pending) return;
    this.#pending = true;
    this.#updated = this.#enqueue(this.#updated);
  }

  async #enqueue(previous: Promise<unknown>): Promise<boolean> {
    try {
      await previous;
    } catch {
      // That update's error rejected its own updateComplete; this one still runs.
    }
    this.#update();
    return !this.#pending;
  }

  #update(): void {
    if (!this.#hasUpdated) for (const [name, value] of this.#early) (this as Record<string, unknown>)[name] = value;
    const changed = this.#changed;
    let template: TemplateResult;
    try {
      this.willUpdate?.(changed);
      for (const name of this.#toReflect) {
        const value = (this as Record<string, unknown>)[name];
        const attribute = attributeNameOf(name, this.#declared.properties[name]!) as string;
        this.#reflecting = name;
        if (value == null || value === false) this.removeAttribute(attribute);
        else this.setAttribute(attribute, value === true ? '' : String(value));
        this.#reflecting = undefined;
      }
      template = this.render();
    } finally {
      // Requests made from here on (while rendering, in updated()) are the next update's.
      this.#changed = new Map();
      this.#toReflect.clear();
      this.#pending = false;
    }
    // A shadow root the server rendered (declarative shadow DOM, svc-card/ssr) is hydrated, not
    // rendered again, by the renderer svc-card/hydrate puts here before the element is defined.
    (globalThis.svcCardRender ?? render)(template, this.shadowRoot!, { host: this });
    if (!this.#hasUpdated) {
      this.#hasUpdated = true;
      this.firstUpdated?.(changed);
    }
    this.updated?.(changed);
  }

  /**
   * True once the first render is done, when the card form fires `svc-ready`: a script that comes
   * later (deferred, or loaded after the element) reads it, as it reads `document.readyState`.
   */
  get ready(): boolean {
    return this.#hasUpdated;
  }

  // The hooks are optional, not empty methods: no bytes for what a subclass does not use.
  /** Before rendering: derive state from the changed properties (setting more joins this update). */
  protected willUpdate?(changed: PropertyValues<this>): void;

  /** After the first render. */
  protected firstUpdated?(changed: PropertyValues<this>): void;

  /** After each render. */
  protected updated?(changed: PropertyValues<this>): void;

  protected abstract render(): TemplateResult;
}
