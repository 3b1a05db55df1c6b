// svc-card/payment-methods: the payment methods chooser's class and types (issue 27), without
// registering it; `svc-card/payment-methods/define` (or the script tag dist/svc-payment-methods.js) registers it.
export { SvcPaymentMethods, type MethodChangeDetail, type SvcPaymentMethodsEventMap } from './svc-payment-methods.js';
export { API_METHOD, parseMethods, type PaymentMethodId } from './methods.js';
