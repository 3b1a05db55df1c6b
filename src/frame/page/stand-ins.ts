// A stand-in the card frame's build puts in place of an element module (vite.config.ts, mode
// card-frame): the element in the frame never carries frame-src. Typed as the module it
// replaces, so a change of that interface fails the type check here. The form owner is no longer
// stood in for: since issue 12 it also holds the frame's fields still while the page pays.
import type { refuseFrameSrc as RefuseFrameSrc } from '../../element/frame-src.js';

/** The frame page's element has no frame-src attribute. */
export const refuseFrameSrc: typeof RefuseFrameSrc = () => {};
