// `svc-card/ssr` in frame mode (issue 27): <svc-card-form frame-src> rendered with its shadow
// root's iframe already pointing at the card frame, the fragment the element would write (a new
// channel, the page's origin, the config message: frame/config.ts). The frame's navigation starts
// as the HTML is parsed, not once the element's script ran; the element adopts the iframe
// (frame/parent/frame-link.ts). No Lit here: plain markup, the iframe and the reserve's styles.
import { configOf, channelId, frameUrl } from '../frame/config.js';
import { FRAME_STYLES } from '../frame/parent/styles.js';
import { stringsFor } from '../shared/i18n.js';
import { checkPlans, withInterest } from '../shared/installments.js';
import { escapeHtml } from './attributes.js';
import { settingsOf } from './settings.js';

/** An exact http(s) origin, e.g. `https://shop.example`; anything else throws, naming `option`. */
function exactOrigin(value: unknown, option: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(value));
  } catch {
    // told below
  }
  if (!parsed || parsed.origin !== value || !/^https?:$/.test(parsed.protocol)) {
    throw new TypeError(`renderSvcCardForm: ${option} must be the page's origin, e.g. "https://shop.example" (got ${JSON.stringify(value)})`);
  }
  return value;
}

/** The shadow root's content in frame mode: the reserve's styles and the iframe, loading the frame from the HTML. */
export function renderFrameShadow(attributes: Map<string, string>, origin: unknown): string {
  const pageOrigin = exactOrigin(origin, 'options.origin');
  let src: URL | undefined;
  try {
    src = new URL(attributes.get('frame-src')!);
  } catch {
    // told below
  }
  if (!src || !/^https?:$/.test(src.protocol)) throw new TypeError('renderSvcCardForm: frame-src must be an absolute http(s) URL');
  const settings = settingsOf(attributes);
  const config = configOf({ ...settings, strings: {} });
  const title = attributes.get('title') || stringsFor(settings.lang).group;
  const url = frameUrl(src, channelId(), pageOrigin, config);
  // The reserve's line for the rates, as the element sets it (frame/parent/svc-card-form-frame.ts): the same from the HTML.
  const rates = withInterest(checkPlans(settings.installments, settings.amount).options) ? ' class="rates"' : '';
  return `<style>${FRAME_STYLES}</style><iframe${rates} referrerpolicy="no-referrer" title="${escapeHtml(title)}" src="${escapeHtml(url.href)}"></iframe>`;
}
