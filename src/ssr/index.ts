// `svc-card/ssr` (issue 28 item 2): <svc-card-form> rendered on the server as declarative shadow
// DOM, so the browser paints the fields from the HTML, before any script. The shadow root's
// content is the element's own template (template.ts) rendered by @lit-labs/ssr with Lit's
// hydration markers, in the state the element starts in; `svc-card/hydrate` (loaded before the
// element's script) then hydrates it: the same nodes are kept, nothing is painted again or moves.
// Server-only: @lit-labs/ssr (an optional peer dependency) is never in a browser script. The
// payment methods chooser is rendered here too (payment-methods.ts, issue 27).
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { nothing } from 'lit/html.js';
import { BRANDS, type BrandId } from '../shared/brands.js';
import { renderDocument } from '../element/holder-document-field.js';
import { stringsFor } from '../shared/i18n.js';
import { createInstallments } from '../element/installments-field.js';
import { styles } from '../element/svc-card-form.styles.js';
import { renderCard, type View } from '../element/template.js';
import { FIELDS, type FieldName } from '../element/validation.js';
import { FRAME_STYLES } from '../frame/parent/styles.js';
import { attributeMap, writeAttributes, type HtmlAttributes } from './attributes.js';
import { renderFrameShadow } from './frame.js';
import { settingsOf } from './settings.js';
import { STYLE } from '../payment-methods/styles.js';

// A page still arriving can be painted with the parser stopped inside the form: the brand strip
// (right-aligned) had one mark, then all of them, each moving left (a layout shift in the card
// frame, a CI run's flake). The server's render shows the strip only once the parser is past it
// (its sibling, the brand's name for screen readers, is there); the element's own style has no need.
const SERVER_STYLES = `${styles}.marks:not(:has(~.sr-only)){display:none}`;

export { renderSvcPaymentMethods } from './payment-methods.js';
export type { HtmlAttributes } from './attributes.js';

/**
 * The element's attributes, as written in HTML (`public-key`, `key-id`, `name`, `lang`,
 * `accepted-brands`, `installments` as JSON, `amount`, `holder-document`, `disabled`, and any
 * other such as `id` or `class`). `true` writes a boolean attribute; `false`, null or undefined
 * leave it out.
 */
export type SvcCardFormAttributes = HtmlAttributes;

const noop = () => {};

/** The attributes as the element reads them (its converters), for its first render. */
function initialView(attributes: Map<string, string>, busy: boolean) {
  const { lang, disabled, acceptedBrands, installments, amount, holderDocument } = settingsOf(attributes);
  const strings = stringsFor(lang);
  const accepted = acceptedBrands as BrandId[];
  const view: View = {
    strings, lang: /^en(-|$)/i.test(lang) ? lang : 'pt-BR', brand: undefined,
    marks: accepted.length ? accepted : BRANDS.map((brand) => brand.id),
    errors: Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<FieldName, string>,
    disabled, busy, announcement: '', onInput: noop, onFocus: noop, onBlur: noop, onKeydown: noop,
    last: holderDocument ? 'holderDocument' : 'holder',
  };
  const plans = createInstallments();
  // A bad plan list renders no control, as in the browser (where it is told as svc-error).
  plans.set(installments, amount);
  view.extra = [renderDocument(view, holderDocument), plans.render(undefined, strings.installmentsLabel, view.lang, disabled, noop) ?? nothing];
  return view;
}

/** Options of a render. */
export interface RenderOptions {
  /**
   * Frame mode (`frame-src`): the origin of the page the element is rendered into, e.g.
   * `https://shop.example` (the frame answers that origin only). Required with `frame-src`.
   */
  origin?: string;
}

/**
 * `<svc-card-form>` with its shadow root as declarative shadow DOM: the fields painted from the
 * HTML. `lang` is always written (default `pt-BR`), so the element hydrates in the language it
 * was rendered in. Load `svc-card/hydrate` before the element's script (README, "Server-side rendering").
 * With `frame-src` (frame mode), the shadow root holds the iframe, already pointing at the card
 * frame: it loads as the HTML is parsed, and the frame-mode script (`defer`) adopts it. Each render
 * has a new channel: render per page view.
 *
 * @example
 * const html = renderSvcCardForm({ name: 'card', 'public-key': publicPem, 'key-id': 'v1', lang: 'en' });
 * const framed = renderSvcCardForm({ name: 'card', 'frame-src': 'https://svc.example/card-frame.html' }, { origin: 'https://shop.example' });
 */
export function renderSvcCardForm(attributes: SvcCardFormAttributes = {}, options: RenderOptions = {}): string {
  return renderElement(attributes, false, options.origin);
}

/**
 * @internal The card frame's page (scripts/build-frame.mjs): the fields read-only and the group
 * aria-busy until the frame's script renders them anew (nothing typed into them can be lost).
 */
export const renderSkeleton = (attributes: SvcCardFormAttributes = {}): string => renderElement(attributes, true);

function renderElement(attributes: SvcCardFormAttributes, busy: boolean, origin?: string): string {
  const given = attributeMap(attributes, 'renderSvcCardForm');
  if (!given.get('lang')) given.set('lang', 'pt-BR');
  const shadow = given.has('frame-src')
    ? renderFrameShadow(given, origin)
    : `<style>${SERVER_STYLES}</style>${collectResultSync(render(renderCard(initialView(given, busy))))}`;
  return `<svc-card-form${writeAttributes(given)}><template shadowrootmode="open" shadowrootdelegatesfocus>${shadow}</template></svc-card-form>`;
}

const sha256Source = async (text: string) =>
  `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}'`;

/**
 * The CSP sources that allow the shadow roots' `<style>` under a strict `style-src`, e.g.
 * `style-src 'self' 'sha256-…' 'sha256-…' 'sha256-…'`: the card form's inline render's, frame
 * mode's and the chooser's (renderSvcPaymentMethods), the same for every render of this version.
 */
export async function ssrStyleSource(): Promise<string> {
  return `${await inlineStyleSource()} ${await sha256Source(FRAME_STYLES)} ${await sha256Source(STYLE)}`;
}

/** @internal The inline render's source alone: the card frame's page (scripts/build-frame.mjs) has no frame in it. */
export const inlineStyleSource = (): Promise<string> => sha256Source(SERVER_STYLES);
