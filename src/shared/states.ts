// Custom states (`:state(invalid)`) through ElementInternals.states. Where they
// are missing (happy-dom, older engines) or reject plain names (Chromium < 125
// wanted `--invalid`), the host gets `data-state-<name>` attributes instead.
// These are booleans: no card data ever reaches them.

/**
 * The states that follow the fields, listed once: in frame mode the card frame reports them
 * (src/frame/page/bridge.ts, to-parent.ts) and the merchant page's element mirrors them.
 */
export const FRAME_STATES = ['invalid', 'complete', 'focused', 'autofilled', 'busy'] as const;

/** The states the element exposes for styling: those, and `disabled` (set by either mode itself). */
export type SvcState = (typeof FRAME_STATES)[number] | 'disabled';

/** Turns a state on or off on `host`, through `internals.states` when it works. */
export function setState(host: HTMLElement, internals: ElementInternals | undefined, state: SvcState, on: boolean): void {
  const states = internals?.states;
  if (states) {
    try {
      if (on) {
        states.add(state);
        return;
      }
      states.delete(state);
    } catch {
      // Fall through to the attribute.
    }
  }
  // Off always removes the attribute: an earlier `add` may have fallen back to it.
  host.toggleAttribute(`data-state-${state}`, on);
}
