// `svc-card/ssr`'s <svc-payment-methods> (issue 27): the chooser rendered on the server as
// declarative shadow DOM, its radio group and the chosen method's slot painted from the HTML, so
// its script need not block the parser before the card form: load it with `defer` (in frame mode
// the frame's navigation then starts as soon as the HTML reaches it). The same view as the
// element's (payment-methods/view.ts); the element takes the root over when its script runs and
// makes the same nodes anew in one task: nothing is painted between, nothing moves.
import { firstChoice, parseMethods } from '../payment-methods/methods.js';
import { STYLE } from '../payment-methods/styles.js';
import { methodsView, type Make } from '../payment-methods/view.js';
import { attributeMap, escapeHtml, writeAttributes, type HtmlAttributes } from './attributes.js';

/** Markup written, told apart from text (which is escaped). */
interface Html { html: string }

const write: Make<Html> = (tag, attributes, ...children) => {
  const attrs = attributeMap(attributes, 'renderSvcPaymentMethods');
  const inner = children.map((child) => (typeof child === 'string' ? escapeHtml(child) : child.html)).join('');
  return { html: tag === 'input' ? `<input${writeAttributes(attrs)}>` : `<${tag}${writeAttributes(attrs)}>${inner}</${tag}>` };
};

/**
 * `<svc-payment-methods>` with its shadow root as declarative shadow DOM: the methods offered,
 * the chosen one checked and its panel shown, before any script. `content` is the element's own
 * children as HTML, your panels (`slot="card"`, `"pix"`, `"boleto"`), written as given. `lang`
 * is always written (default `pt-BR`). Load `svc-payment-methods.js` (or
 * `svc-card/payment-methods/define`) with `defer`.
 *
 * @example
 * const html = renderSvcPaymentMethods({ id: 'methods', methods: 'pix card', lang: 'en' }, '<p slot="pix">QR after Pay</p>');
 */
export function renderSvcPaymentMethods(attributes: HtmlAttributes = {}, content = ''): string {
  const given = attributeMap(attributes, 'renderSvcPaymentMethods');
  if (!given.get('lang')) given.set('lang', 'pt-BR');
  const offered = parseMethods(given.get('methods'));
  const chosen = firstChoice(offered, given.get('value'));
  const view = methodsView(write, given.get('lang')!, offered, chosen, given.has('disabled')).html;
  return `<svc-payment-methods${writeAttributes(given)}><template shadowrootmode="open"><style>${STYLE}</style>${view}<slot name="${chosen}"></slot></template>${content}</svc-payment-methods>`;
}
