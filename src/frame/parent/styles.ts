// The frame-mode element's shadow styles. The iframe's height is reserved before the frame
// answers: --svc-frame-height, default 380px, the demo's frame height in Chromium and Firefox
// (377px: pt-BR's code label on two lines, two lines kept per error), 480px (476px) where the
// frame's element (8px narrower: the frame's padding) stacks its row, below 400px. The frame's height messages set `height`;
// min-height keeps the reserve, so svc-ready never moves the page by a pixel of font metrics.
// The iframe inherits the host's color-scheme, which the frame's root is given too (a frame whose
// scheme differs from its iframe's is painted opaque).
export const FRAME_STYLES = `:host{display:block;container-type:inline-size}:host([hidden]){display:none}
iframe{display:block;box-sizing:border-box;width:100%;border:0;margin:0;height:var(--svc-frame-height,380px);min-height:var(--svc-frame-height,380px)}
@container (width<408px){iframe{height:var(--svc-frame-height,480px);min-height:var(--svc-frame-height,480px)}}`;
