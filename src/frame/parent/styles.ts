// The frame-mode element's shadow styles. The iframe's height is reserved before the frame
// answers: --svc-frame-height, default 380px, the demo's frame height in Chromium and Firefox
// (377px: pt-BR's code label on two lines, two lines kept per error), 480px (476px) where the
// frame's element (8px narrower: the frame's padding) stacks its row, below 400px; 498px where the
// code's label wraps too (the demo at 320px: 495px in Chromium, 498px in WebKitGTK), 517px where
// the holder's does as well (Firefox ESR there, its scrollbar taking 12px: 514px; WebKitGTK 517px).
// The frame's height messages set `height`;
// min-height keeps the reserve, so svc-ready never moves the page by a pixel of font metrics.
// The `installments` and `holder-document` attributes add one row each (118px measured: 613px
// and 712px with both in the demo, Chromium and Firefox ESR).
// The iframe inherits the host's color-scheme, which the frame's root is given too (a frame whose
// scheme differs from its iframe's is painted opaque). The iframe's 1 ms transition of what it
// inherits and the frame is told (`color`, `color-scheme`, `font-family`, the --svc-* properties) paints
// nothing: its end tells the element to forward them again (page-look.ts). On the iframe, not
// the host: a `transition` the page gives the host would replace a :host one. The span is the
// empty probe laid over a focused field to scroll to it (the host positioned for it).
import { STYLE_PROPERTIES } from '../style-props.js';

/** The iframe's height before the frame answers: `px` for the fields and labels, and the extra rows. */
const reserve = (px: number) => `iframe{height:var(--svc-frame-height,calc(${px}px + var(--_rows)));min-height:var(--svc-frame-height,calc(${px}px + var(--_rows)))}`;

export const FRAME_STYLES = `:host{display:block;position:relative;container-type:inline-size}:host([hidden]){display:none}span{position:absolute;left:0;width:1px;pointer-events:none}
iframe{transition:${['color', 'color-scheme', 'font-family', ...STYLE_PROPERTIES].join(' 1ms,')} 1ms;transition-behavior:allow-discrete;--_rows:0px;display:block;box-sizing:border-box;width:100%;border:0;margin:0}${reserve(380)}
:host([installments]) iframe,:host([holder-document]) iframe{--_rows:118px}
:host([installments][holder-document]) iframe{--_rows:236px}
@container (width<408px){${reserve(480)}}@container (width<260px){${reserve(498)}}@container (width<240px){${reserve(517)}}`;
