// The frame-mode element's shadow styles. The iframe's height is reserved before the frame
// answers: --svc-frame-height, default 344px, the frame's height with the default styles in
// Chromium and Firefox (one line kept per error). The frame's height messages set `height`;
// min-height keeps the reserve, so svc-ready never moves the page by a pixel of font metrics.
export const FRAME_STYLES = `:host{display:block}:host([hidden]){display:none}
iframe{display:block;box-sizing:border-box;width:100%;border:0;margin:0;height:var(--svc-frame-height,344px);min-height:var(--svc-frame-height,344px);color-scheme:normal}`;
