// The part of the form-owner controller (form-owner.ts) that needs no <form>: the busy hold that
// keeps the fields still while paying, and reportValidity() showing the errors through the
// platform's `invalid` event. The card frame's element has no form (its parent element submits
// the token), so the frame's build uses this alone (src/frame/page/stand-ins.ts); form-owner.ts
// adds the form's side.
import type { FormOwner, FormOwnerCallbacks } from './form-owner.js';

/**
 * The controller of `host` without a form: `watch` and `submitFromField` do nothing.
 * `attempt` tells whether an `invalid` event comes from a submit attempt (form-owner.ts).
 */
export function createFormlessOwner(host: HTMLElement, callbacks: FormOwnerCallbacks, attempt = (): boolean => false): FormOwner {
  let reporting = false;
  let holds = 0;

  // `invalid` comes from checkValidity() too, which must show nothing: errors appear
  // only on a submit attempt or inside reportValidity().
  host.addEventListener('invalid', () => {
    if (reporting || attempt()) callbacks.showErrors(!reporting);
  });

  return {
    watch() {},
    submitFromField: () => false,
    report(run) {
      reporting = true;
      try {
        return run();
      } finally {
        reporting = false;
      }
    },
    hold(work) {
      if (!holds++) callbacks.busyChanged(true);
      return work.finally(() => --holds || callbacks.busyChanged(false));
    },
    get busy() {
      return holds > 0;
    },
  };
}
