// Stand-ins the card frame's build puts in place of two element modules (vite.config.ts,
// mode card-frame): the element in the frame has no <form> (the merchant's page has it, and
// the bridge sends Enter there), and it never carries frame-src. Typed as the modules they
// replace, so a change of those interfaces fails the type check here. About 290 B min+gzip.
import type { createFormOwner as FormOwnerOf } from '../../element/form-owner.js';
import type { refuseFrameSrc as RefuseFrameSrc } from '../../element/frame-src.js';

/** No form owner in the frame: what the real one answers when the element has no form. */
export const createFormOwner: typeof FormOwnerOf = () => ({ watch() {}, submitFromField: () => false, submitAttempt: () => false });

/** The frame page's element has no frame-src attribute. */
export const refuseFrameSrc: typeof RefuseFrameSrc = () => {};
