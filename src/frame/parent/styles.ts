// The frame-mode element's shadow styles. The iframe's height is reserved before the frame
// answers: --svc-frame-height, default 348px, the frame's height with the default styles in
// Chromium and Firefox (two lines kept per error), 463px where the frame's element (8px
// narrower: the frame's padding) stacks its row, below 400px (svc-card-form.styles.ts). The frame's height messages set `height`;
// min-height keeps the reserve, so svc-ready never moves the page by a pixel of font metrics.
// The iframe inherits the host's color-scheme, which the frame's root is given too (a frame whose
// scheme differs from its iframe's is painted opaque).
export const FRAME_STYLES = `:host{display:block;container-type:inline-size}:host([hidden]){display:none}
iframe{display:block;box-sizing:border-box;width:100%;border:0;margin:0;height:var(--svc-frame-height,348px);min-height:var(--svc-frame-height,348px)}
@container (width<408px){iframe{height:var(--svc-frame-height,463px);min-height:var(--svc-frame-height,463px)}}`;
