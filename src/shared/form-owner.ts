// The element's side of its owning <form>, a controller taking callbacks, in both modes (no Lit
// controller: it needs no host hooks): holding back the submit until every card
// element of the form has encrypted, Enter in a field, telling a submit attempt apart from a
// script's checkValidity(); on top of formless-owner.ts (the busy hold that keeps the fields
// still while paying, reportValidity()), which the card frame's element uses alone.
// A closure, not a class: its state stays private and minifies to short names.
import type { EncryptCardResult } from '../core/index.js';
import { createFormlessOwner } from './formless-owner.js';

/** What the controller asks of its element. */
export interface FormOwnerCallbacks {
  /** A disabled element takes no part in its form: its submits go through untouched. */
  blocked(): boolean;
  /** Checks and encrypts the card (showing errors); resolves only a token of the card as shown. */
  encrypt(): Promise<EncryptCardResult>;
  /** `invalid` came in a submit attempt (`attempt`) or in reportValidity(): show the errors. */
  showErrors(attempt: boolean): void;
  /** The hold began (true) or ended (false): fields read-only, aria-busy, `:state(busy)`. */
  busyChanged(busy: boolean): void;
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
  /** Runs the platform's reportValidity(); its `invalid` event shows the errors once. */
  report(run: () => boolean): boolean;
  /** Keeps the element busy until `work` settles; returns `work`. */
  hold<T>(work: Promise<T>): Promise<T>;
  readonly busy: boolean;
}

interface Member extends FormOwner, Pick<FormOwnerCallbacks, 'blocked' | 'encrypt'> {
  form: HTMLFormElement | null;
}

// Every card element of a form: one submit encrypts them all, then one resubmit lets the form go.
// Per element, two of them in one form each held back the other's resubmit, endlessly.
const members = new WeakMap<HTMLFormElement, Set<Member>>();
const resubmitting = new WeakSet<HTMLFormElement>();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first submit is held back: the cards are encrypted now (a token lives 10 minutes and is
// used once, TOKEN-FORMAT.md), the form values set, then the form submitted again with the
// same submitter; `resubmitting` lets that one through, so this never loops. The page's own
// submit listeners see only the second submit, which carries the tokens
// (stopImmediatePropagation). A submit while any card is busy (encrypting, paying) is dropped.
function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const taking = [...(members.get(form) ?? [])].filter((m) => !m.blocked());
  if (resubmitting.has(form) || !taking.length) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!taking.some((m) => m.busy)) void encryptAndSubmit(form, event.submitter as HTMLButtonElement | null, taking);
}

async function encryptAndSubmit(form: HTMLFormElement, button: HTMLButtonElement | null, taking: Member[]): Promise<void> {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  for (const member of taking) void member.hold(done); // still from submit to resubmit
  try {
    const results = await Promise.all(taking.map((m) => m.encrypt().catch(() => null)));
    if (results.some((r) => !r?.encryptedCard) || taking.some((m) => m.form !== form)) return;
    // Browsers ignore requestSubmit() while the submit that a click started is
    // still being processed (microtasks included): wait for the next task.
    await nextTask();
    resubmitting.add(form);
    try {
      form.requestSubmit(button?.isConnected && button.form === form ? button : null);
    } finally {
      resubmitting.delete(form);
    }
  } finally {
    end();
  }
}

/** The controller of `host` (both modes: src/shared/card-form.ts reaches it through the `owner` symbol). */
export function createFormOwner(host: HTMLElement, callbacks: FormOwnerCallbacks): FormOwner {
  let attempt = false;

  const markAttempt = (): void => {
    attempt = true;
    setTimeout(() => (attempt = false), 0);
  };

  const onClick = (event: Event): void => {
    const button = (event.target as Element).closest?.('button, input');
    if ((button as HTMLButtonElement | null)?.type === 'submit') markAttempt();
  };

  // Assigned onto the formless controller, not spread: its `busy` stays a getter.
  const member: Member = Object.assign(createFormlessOwner(host, callbacks, () => attempt), {
    form: null,
    blocked: callbacks.blocked,
    encrypt: callbacks.encrypt,
    watch(form: HTMLFormElement | null) {
      const owner = member.form;
      const left = owner && members.get(owner);
      left?.delete(member);
      owner?.removeEventListener('click', onClick, true);
      // One submit listener per form (the same function: added once), gone with its last card element.
      if (left && !left.size) owner!.removeEventListener('submit', onSubmit as EventListener, true);
      if (form) members.set(form, (members.get(form) ?? new Set()).add(member));
      form?.addEventListener('click', onClick, true);
      form?.addEventListener('submit', onSubmit as EventListener, true);
      member.form = form;
    },
    submitFromField() {
      const owner = member.form;
      if (!owner) return false;
      markAttempt(); // as a click on the default button would (no button: requestSubmit)
      const button = [...owner.elements].find((e): e is HTMLButtonElement => (e as HTMLButtonElement).type === 'submit');
      if (button) button.click();
      else owner.requestSubmit();
      return true;
    },
  });
  return member;
}
