// Headers on every merchant response. The CSP is the strict one a merchant can
// deploy with the script (README "Deploying the script"): only same-origin
// scripts, no inline code, no eval, DOM sinks behind Trusted Types (Lit's
// own policy is named `lit-html`).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The headers of the checkout page: with `frameOrigin` (frame mode, issue 9, SAQ A) the frame-mode
 * script and the card frame come from the payment service's origin, named exactly in script-src
 * and frame-src; `serviceOrigin` is framed too (the 3-D Secure challenge, issue 23); data: images (the PIX QR, issue 27);
 * `styleSource`: the hashes of the server-rendered element's <style> (svc-card/ssr's ssrStyleSource()).
 */
export function checkoutHeaders({ frameOrigin, serviceOrigin, styleSource } = {}) {
  // The PIX QR code is the API's PNG as a data: URL (shown by handleNextAction): images only, scripts stay 'self'.
  let csp = CONTENT_SECURITY_POLICY.replace("img-src 'self'", "img-src 'self' data:");
  if (styleSource) csp = csp.replace("style-src 'self'", `style-src 'self' ${styleSource}`);
  if (frameOrigin) csp = csp.replace("script-src 'self'", `script-src 'self' ${frameOrigin}`);
  const framed = [...new Set([frameOrigin, serviceOrigin].filter(Boolean))];
  if (framed.length) csp = csp.replace("default-src 'none'", `default-src 'none'; frame-src ${framed.join(' ')}`);
  return { ...SECURITY_HEADERS, 'content-security-policy': csp };
}

/** The headers of a page in frame mode (issue 9): see checkoutHeaders. */
export const frameModeHeaders = (frameOrigin) => checkoutHeaders({ frameOrigin });
