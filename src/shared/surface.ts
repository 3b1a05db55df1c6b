// The element's surface, declared once (issue 42): the properties <svc-card-form> takes from
// attributes in each mode, and its --svc-* custom properties. Both elements, the frame's config
// message and bridge, and the server's renders read these names; the docs are written once per
// name in surface-docs.ts (its types refuse a name missing or extra), which the custom-elements
// manifest takes (custom-elements-manifest.config.mjs) and the site's tables are made from.
// test/element/surface.test.ts fails when an entry is added in one place only.
// Names only: these ship in the scripts; the docs do not.

/** The settings both modes take from attributes; each crosses to the frame in its config message. */
export const SETTINGS = ['keyId', 'lang', 'acceptedBrands', 'disabled', 'installments', 'amount', 'holderDocument'] as const;
/** Inline mode's own: the key (frame mode's key comes from the frame origin's JWKS). */
export const INLINE_ONLY = ['publicKey'] as const;
/** Frame mode's own: the frame's URL and the iframe's title. */
export const FRAME_ONLY = ['frameSrc', 'title'] as const;
// Both modes also read `name` (the form entry's name, when the token is set) and take `strings`
// (a property only); neither is observed.

export type Setting = (typeof SETTINGS)[number];
export type InlineOnly = (typeof INLINE_ONLY)[number];
export type FrameOnly = (typeof FRAME_ONLY)[number];

/** A property's attribute: `keyId` -> `key-id`. */
export type AttributeOf<P extends string> = P extends `${infer C}${infer R}` ? `${C extends Lowercase<C> ? C : `-${Lowercase<C>}`}${AttributeOf<R>}` : '';
/** A property's attribute: `keyId` -> `key-id`. */
export const attributeOf = <P extends string>(property: P): AttributeOf<P> =>
  property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) as AttributeOf<P>;

/** The element's custom properties, which frame mode forwards into the frame (style-props.ts; this order is its transition's, styles.ts). */
export const STYLE_PROPERTIES = [
  '--svc-font-family', '--svc-font-size', '--svc-color-text', '--svc-color-muted', '--svc-color-background',
  '--svc-color-border', '--svc-color-focus', '--svc-color-error', '--svc-border-width', '--svc-radius',
  '--svc-gap', '--svc-input-padding', '--svc-label-font-weight', '--svc-color-surface',
] as const;

export type StyleProperty = (typeof STYLE_PROPERTIES)[number];
