// The element's side of its owning <form>: holding back the submit until the
// card is encrypted, Enter in a field, and telling a submit attempt apart
// from a script's checkValidity() (only an attempt moves the focus).
import type { EncryptCardResult } from '../core/index.js';

/** What the form watcher needs from the element. */
export interface FormOwnerHost {
  readonly submitBlocked: boolean;
  encrypt(): Promise<EncryptCardResult>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class FormOwner {
  private form: HTMLFormElement | null = null;
  private resubmitting = false;
  private busy = false;
  /** True during the task in which a submit button of the form was activated. */
  submitAttempt = false;

  constructor(private readonly host: FormOwnerHost) {}

  /** Follows the form owner (formAssociatedCallback; null on disconnect). */
  watch(form: HTMLFormElement | null): void {
    this.form?.removeEventListener('submit', this.onSubmit, true);
    this.form?.removeEventListener('click', this.onClick, true);
    this.form = form;
    form?.addEventListener('submit', this.onSubmit, true);
    form?.addEventListener('click', this.onClick, true);
  }

  /**
   * HTML implicit submission: Enter in a field submits the form through its
   * default button. Inputs in a shadow root have no form owner, so the
   * browser does not do it for them.
   */
  submitFromField(): boolean {
    const form = this.form;
    if (!form) return false;
    const button = [...form.elements].find((e): e is HTMLButtonElement => (e as HTMLButtonElement).type === 'submit');
    if (button) button.click();
    else form.requestSubmit();
    return true;
  }

  private readonly onClick = (event: Event): void => {
    const button = (event.target as Element).closest?.('button, input');
    if ((button as HTMLButtonElement | null)?.type !== 'submit') return;
    this.submitAttempt = true;
    setTimeout(() => (this.submitAttempt = false), 0);
  };

  // The first submit is held back: the card is encrypted now (a token lives 10
  // minutes and is used once, TOKEN-FORMAT.md), the form value set, then the
  // form submitted again with the same submitter; `resubmitting` lets that one
  // through, so this never loops. The page's own submit listeners see only the
  // second submit, which carries the token (stopImmediatePropagation).
  private readonly onSubmit = (event: SubmitEvent): void => {
    if (this.resubmitting || this.host.submitBlocked) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!this.busy) void this.encryptAndSubmit(event.target as HTMLFormElement, event.submitter);
  };

  private async encryptAndSubmit(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
    this.busy = true;
    try {
      const result = await this.host.encrypt().catch(() => undefined);
      if (!result || result.hasErrors || this.form !== form) return;
      // Browsers ignore requestSubmit() while the submit that a click started is
      // still being processed (microtasks included): wait for the next task.
      await nextTask();
      const button = submitter as HTMLButtonElement | null;
      this.resubmitting = true;
      try {
        form.requestSubmit(button?.isConnected && button.form === form ? button : null);
      } finally {
        this.resubmitting = false;
      }
    } finally {
      this.busy = false;
    }
  }
}
