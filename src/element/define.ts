// Registers <svc-card-form> once: importing this twice, or alongside the
// script-tag build, never throws "already defined". Only where there is a registry: on a server
// (Node, edge runtimes) importing this does nothing.
import { SvcCardForm } from './svc-card-form.js';

if (globalThis.customElements && !customElements.get('svc-card-form')) customElements.define('svc-card-form', SvcCardForm);

export { SvcCardForm };
