// <svc-card-form frame-src> under an inline script (svc-card-form.js, svc-card/define): the merchant
// asked for the card frame, but this script would take the card in the merchant's own page, which
// the merchant believes isolated (SAQ A). Refused at once (issue 9): the fields are disabled and a
// setup warning names the attribute and the script to load. (svc-error comes from the key check:
// such a page gives no public-key.) Kept small: it ships in the budgeted svc-card-form.js.
import { warnSetup } from './key-check.js';

export const FRAME_SRC_MESSAGE = '<svc-card-form> frame-src needs the frame-mode script svc-card-form-frame.js';

export function refuseFrameSrc(element: HTMLElement & { disabled: boolean }): void {
  element.disabled = true;
  warnSetup(FRAME_SRC_MESSAGE);
}
