// Registers <svc-card-form> in frame mode once (dist/svc-card-form-frame.js). A page uses one
// mode's script: whichever registers the tag first wins, and neither throws "already defined".
import { SvcCardFormFrame } from './svc-card-form-frame.js';

// Only where there is a registry: on a server (Node, edge runtimes) importing this does nothing.
if (globalThis.customElements && !customElements.get('svc-card-form')) customElements.define('svc-card-form', SvcCardFormFrame);

export { SvcCardFormFrame };
