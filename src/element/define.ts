// Registers <svc-card-form> once: importing this twice, or alongside the
// script-tag build, never throws "already defined".
import { SvcCardForm } from './svc-card-form.js';

if (!customElements.get('svc-card-form')) customElements.define('svc-card-form', SvcCardForm);

export { SvcCardForm };
