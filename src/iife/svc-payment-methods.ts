// Script-tag entry (dist/svc-payment-methods.js): registers <svc-payment-methods> once. Loaded
// apart from svc-card-form.js (its size is spent); no Lit, no card code.
import '../payment-methods/define.js';
