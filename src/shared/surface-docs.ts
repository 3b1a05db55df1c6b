// What each name of the element's surface (surface.ts) means, written once: the custom-elements
// manifest's attributes and CSS custom properties of both classes are made from this
// (custom-elements-manifest.config.mjs), and from the manifest the framework typings
// (scripts/build/element-types.mjs), the reference page and site/guide/element.md's tables
// (site/scripts/element-reference.mjs). Not shipped: no script imports it. A name missing here, or
// one that surface.ts does not declare, is a type error.
import type { FrameOnly, InlineOnly, Setting, StyleProperty } from './surface.js';

/** An attribute (and its property, named as surface.ts names it). */
export interface AttributeDoc {
  /** The property's type, as the manifest's `type.text` (`boolean` makes a boolean attribute in the typings). */
  type?: string;
  /** The property's default, as code. */
  default?: string;
  description: string;
  /** Frame mode's description, where it differs. */
  frame?: string;
  /** No property of that name: the attribute is read where it is used. */
  attributeOnly?: true;
}

/** A custom property: what it covers, and its value when unset. */
export interface StylePropertyDoc {
  description: string;
  default: string;
}

/** Every attribute of either mode, in the docs' order. */
export const ATTRIBUTE_DOCS = {
  publicKey: {
    type: 'string | PublicJwk', default: "''",
    description: 'PEM RSA public key of the service (SPKI or PKCS#1, at least 2048 bits), or its public JWK (property only).',
  },
  keyId: {
    type: 'string', default: "''",
    description: "Names the service's key pair; default `v1`.",
    frame: "Which key of the frame origin's JWKS encrypts (its `kid`); empty: the first.",
  },
  frameSrc: { type: 'string', default: "''", description: "URL of the card frame page (`card-frame.html`) on the payment service's origin." },
  lang: {
    type: 'string',
    description: "`pt-BR` or `en`: the language of every text. Without it, the nearest ancestor's `lang` (e.g. `<html lang=\"en\">`), across shadow roots; else pt-BR.",
  },
  disabled: { type: 'boolean', default: 'false', description: 'Disables every field; a disabled element is neither validated nor submitted (a disabled `<fieldset>` disables it too).' },
  acceptedBrands: { type: 'BrandId[]', default: '[]', description: 'Brand ids accepted by the merchant (attribute: space or comma separated, e.g. `"elo visa mastercard"`); empty accepts all.' },
  name: { attributeOnly: true, description: 'The form field name the token is submitted under (a form-associated element).' },
  installments: {
    type: 'InstallmentPlan[]', default: '[]',
    description: "The installment plans offered, as the API reference's product `paymentMethod[].installments` entries (`installment`, optional `fee` in percent, `installmentAmount`, `totalAmount` in reais) plus an optional `brands` list and, for a plan with interest, `monthlyRate` and `cet` in percent as the server computed them (svc-card/server `plansWithRates`); none: no \"Parcelas\" control. The attribute holds the same as JSON.",
  },
  amount: { type: 'number', default: '0', description: 'The order amount in integer cents (`12990` = R$ 129,90), needed with `installments`.' },
  holderDocument: { type: 'boolean', default: 'false', description: "Shows the holder's CPF or CNPJ field (submitted as `<name>.holderDocument`)." },
  title: { attributeOnly: true, description: "The iframe's accessible title (default: the card group's label)." },
} satisfies Record<Setting | InlineOnly | FrameOnly | 'name', AttributeDoc>;

/** Every custom property, in the docs' order. */
export const STYLE_PROPERTY_DOCS = {
  '--svc-color-surface': { description: "The element's background", default: 'none (the page shows through)' },
  '--svc-color-text': { description: 'Labels and input text', default: 'labels: inherited; inputs: `FieldText`' },
  '--svc-color-muted': { description: "The code's hint", default: 'the text colour at 78%' },
  '--svc-color-background': { description: 'Input background', default: '`Field` (the colour scheme\'s)' },
  '--svc-color-border': { description: 'Input border', default: '`FieldText` 55% over `Field`' },
  '--svc-color-focus': { description: 'Focus ring', default: '30% text + `#1a73e8`' },
  '--svc-color-error': { description: 'Error text, invalid border and its focus ring', default: '40% text + `#d32f2f`' },
  '--svc-radius': { description: 'Input corner radius', default: '`.375rem`' },
  '--svc-font-family': { description: 'Font of the whole element', default: 'inherited' },
  '--svc-font-size': { description: 'Base font size (smaller inputs make iOS zoom on focus)', default: '`1rem`' },
  '--svc-border-width': { description: 'Input border width', default: '`1px`' },
  '--svc-gap': { description: 'Space between the fields side by side (expiry and code)', default: '`1rem`' },
  '--svc-input-padding': { description: 'Input padding', default: '`.5rem .75rem`' },
  '--svc-label-font-weight': { description: 'Label weight', default: '`600`' },
} satisfies Record<StyleProperty, StylePropertyDoc>;
