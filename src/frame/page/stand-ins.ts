// Stand-ins the card frame's build puts in place of element modules (vite.config.ts, mode
// card-frame): the element in the frame never carries frame-src, and has neither a name nor a
// form (the parent element submits the token). Typed as the modules they replace, so a change
// of their interface fails the type check here.
import type { createFormOwner as CreateFormOwner } from '../../element/form-owner.js';
import type { refuseFrameSrc as RefuseFrameSrc } from '../../element/frame-src.js';
import type { formValue as FormValue } from '../../element/form-value.js';
import { createFormlessOwner } from '../../element/formless-owner.js';

/** The frame page's element has no frame-src attribute. */
export const refuseFrameSrc: typeof RefuseFrameSrc = () => {};

/** Without a name the form value is the token alone, as form-value.ts makes it; no FormData. */
export const formValue: typeof FormValue = (_name, token) => JSON.stringify(token);

/** No form to own: the hold (the page's payment keeps the frame's fields still) and reportValidity() remain. */
export const createFormOwner: typeof CreateFormOwner = createFormlessOwner;
