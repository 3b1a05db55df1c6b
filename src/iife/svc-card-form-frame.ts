// Script-tag entry of frame mode, the merchant page's side (issue 9): <svc-card-form frame-src>
// registered, no global, no Lit, no WebCrypto and no key code (the card frame has those).
import '../frame/parent/define.js';
