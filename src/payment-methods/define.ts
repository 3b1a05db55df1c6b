// Registers <svc-payment-methods> once: importing this twice, or beside the script tag, never
// throws "already defined". Where there is no registry (a server) it does nothing.
import { SvcPaymentMethods } from './svc-payment-methods.js';

if (globalThis.customElements && !customElements.get('svc-payment-methods')) customElements.define('svc-payment-methods', SvcPaymentMethods);

export { SvcPaymentMethods };
