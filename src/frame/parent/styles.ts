// The frame-mode element's shadow styles. The iframe's height is reserved before the frame
// answers: --svc-frame-height, default 285px, the frame's height in WebKitGTK (282px in Chromium) with the compact
// layout of issue 27 (number; expiry and code side by side at every width; holder; one line kept
// per field for its hint or error: 92.5px a row), the same from 1280 down to 320 px of page.
// Narrower hosts (NARROW) down to 140px, the narrowest the element supports (the demo's element on a
// 390 px phone at 200% zoom: 195 CSS px of page, 141px beside Firefox's classic scrollbar): below 240px
// of host the frame's element is under 240px (expiry and code stacked, a row more), and each step
// below is where one more label or hint wraps to a second line (19px) in the demo's pt-BR (en wraps
// later), as WebKitGTK lays it out (2-3px taller than Chromium and Firefox ESR). e2e/frame/steady-layout
// measures the form against the reserve at every width from 248 to 140px.
// The iframe stands 4px out of the host on each side (margin -4px, 8px wider), the frame page's
// padding: the frame's form is as wide as the host and lines up with the page's own fields, as
// inline's does, and a focused field's ring (2px at 2px) is not cut by the iframe's edge (Stripe's
// Payment Element does the same). Its reserve and heights count that padding; the host's box does not.
// The frame's height messages set `height`;
// min-height keeps the reserve, so svc-ready never moves the page by a pixel of font metrics.
// The `installments` and `holder-document` attributes add one row each (92.5px: 375px with one,
// 470px with both in the demo in WebKitGTK, whose font metrics make it 3px taller than Chromium's).
// Plans with interest keep a second line under the installments for their rates (.rates, svc-card-form.styles.ts:
// 2.5em of the .875em hint, 17.5px at 16px): the iframe's class `rates`, from the one rule `withInterest`
// (shared/installments.ts), set by the element and by svc-card/ssr, adds it (18px).
// The iframe inherits the host's color-scheme, which the frame's root is given too (a frame whose
// scheme differs from its iframe's is painted opaque). The iframe's 1 ms transition of what it
// inherits and the frame is told (`color`, `color-scheme`, `font-family`, the --svc-* properties) paints
// nothing: its end tells the element to forward them again (page-look.ts). On the iframe, not
// the host: a `transition` the page gives the host would replace a :host one. The span is the
// empty probe laid over a focused field to scroll to it (the host positioned for it).
import { STYLE_PROPERTIES } from '../../shared/surface.js';

/** The iframe's height before the frame answers: `px` for the fields and labels, and the extra rows. */
const reserve = (px: number) => `iframe{height:var(--svc-frame-height,calc(${px}px + var(--_rows) + var(--_rates)));min-height:var(--svc-frame-height,calc(${px}px + var(--_rows) + var(--_rates)))}`;

/** [host narrower than, fields' reserve]: the demo's form less its two rows (185px) at the widest host of each step. */
const NARROW = [[240, 377], [233, 396], [202, 415], [183, 432], [163, 451], [141, 470]];

export const FRAME_STYLES = `:host{display:block;position:relative;container-type:inline-size}:host([hidden]){display:none}span{position:absolute;left:0;width:1px;pointer-events:none}
iframe{transition:${['color', 'color-scheme', 'font-family', ...STYLE_PROPERTIES].join(' 1ms,')} 1ms;transition-behavior:allow-discrete;--_rows:0px;--_rates:0px;display:block;box-sizing:border-box;width:calc(100% + 8px);border:0;margin:-4px}${reserve(285)}
:host([installments]) iframe,:host([holder-document]) iframe{--_rows:93px}
:host([installments][holder-document]) iframe{--_rows:185px}
:host([installments]) iframe.rates{--_rates:18px}
${NARROW.map(([below, px]) => `@container (width<${below}px){${reserve(px!)}}`).join('')}`;
