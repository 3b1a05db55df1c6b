// The element's side of its owning <form>: holding back the submit until the
// card is encrypted, Enter in a field, and telling a submit attempt apart
// from a script's checkValidity() (only an attempt moves the focus).
// A closure, not a class: its state stays private and minifies to short names.
import type { EncryptCardResult } from '../core/index.js';

/** What the form watcher needs from the element. */
export interface FormOwnerHost {
  readonly submitBlocked: boolean;
  /** Changes at each edit or reset. */
  readonly edits: number;
  encrypt(): Promise<EncryptCardResult>;
}

/** The element's handle on its form owner. */
export interface FormOwner {
  /** Follows the form owner (formAssociatedCallback). */
  watch(form: HTMLFormElement | null): void;
  /**
   * HTML implicit submission: Enter in a field submits the form through its
   * default button. Inputs in a shadow root have no form owner, so the
   * browser does not do it for them. False when there is no form.
   */
  submitFromField(): boolean;
  /** True during the task in which a submit button of the form was activated. */
  submitAttempt(): boolean;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createFormOwner(host: FormOwnerHost): FormOwner {
  let owner: HTMLFormElement | null = null;
  let resubmitting = false;
  let busy = false;
  let attempt = false;

  const markAttempt = (): void => {
    attempt = true;
    setTimeout(() => (attempt = false), 0);
  };

  const onClick = (event: Event): void => {
    const button = (event.target as Element).closest?.('button, input');
    if ((button as HTMLButtonElement | null)?.type === 'submit') markAttempt();
  };

  // The first submit is held back: the card is encrypted now (a token lives 10
  // minutes and is used once, TOKEN-FORMAT.md), the form value set, then the
  // form submitted again with the same submitter; `resubmitting` lets that one
  // through, so this never loops. The page's own submit listeners see only the
  // second submit, which carries the token (stopImmediatePropagation).
  const onSubmit = (event: SubmitEvent): void => {
    if (resubmitting || host.submitBlocked) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!busy) void encryptAndSubmit(event.target as HTMLFormElement, event.submitter as HTMLButtonElement | null);
  };

  async function encryptAndSubmit(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
    busy = true;
    const edits = host.edits;
    try {
      const result = await host.encrypt().catch(() => undefined);
      // An edit or reset during encryption: the token is stale and no form value was set.
      if (!result || result.hasErrors || owner !== form || host.edits !== edits) return;
      // Browsers ignore requestSubmit() while the submit that a click started is
      // still being processed (microtasks included): wait for the next task.
      await nextTask();
      resubmitting = true;
      try {
        form.requestSubmit(button?.isConnected && button.form === form ? button : null);
      } finally {
        resubmitting = false;
      }
    } finally {
      busy = false;
    }
  }

  return {
    watch(form) {
      for (const [type, listener] of [['submit', onSubmit], ['click', onClick]] as const) {
        owner?.removeEventListener(type, listener as EventListener, true);
        form?.addEventListener(type, listener as EventListener, true);
      }
      owner = form;
    },
    submitFromField() {
      if (!owner) return false;
      markAttempt(); // as a click on the default button would (no button: requestSubmit)
      const button = [...owner.elements].find((e): e is HTMLButtonElement => (e as HTMLButtonElement).type === 'submit');
      if (button) button.click();
      else owner.requestSubmit();
      return true;
    },
    submitAttempt: () => attempt,
  };
}
