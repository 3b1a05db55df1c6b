// setState's fallback: where internals.states rejects a name (Chromium < 125
// wanted `--name`), the host carries `data-state-<name>`; turning the state off
// must remove that attribute even though `delete` itself does not throw.
import { describe, expect, it } from 'vitest';
import { setState } from '../../src/shared/states.js';

/** A CustomStateSet that rejects plain names on add, as old Chromium did. */
function oldChromiumStates(): CustomStateSet {
  const set = new Set<string>();
  return {
    add(name: string) {
      if (!name.startsWith('--')) throw new DOMException(`'${name}' is not a valid custom state`, 'SyntaxError');
      set.add(name);
    },
    delete: (name: string) => set.delete(name),
    has: (name: string) => set.has(name),
  } as unknown as CustomStateSet;
}

describe('setState', () => {
  it('falls back to data-state-<name> when add throws, and removes it when turned off', () => {
    const host = document.createElement('div');
    const internals = { states: oldChromiumStates() } as unknown as ElementInternals;
    setState(host, internals, 'invalid', true);
    expect(host.hasAttribute('data-state-invalid')).toBe(true);
    setState(host, internals, 'invalid', false);
    expect(host.hasAttribute('data-state-invalid')).toBe(false);
  });

  it('uses the states set when it accepts the name, with no attribute', () => {
    const host = document.createElement('div');
    const states = new Set<string>();
    const internals = { states } as unknown as ElementInternals;
    setState(host, internals, 'complete', true);
    expect(states.has('complete')).toBe(true);
    expect(host.hasAttribute('data-state-complete')).toBe(false);
    setState(host, internals, 'complete', false);
    expect(states.has('complete')).toBe(false);
  });

  it('uses attributes without ElementInternals', () => {
    const host = document.createElement('div');
    setState(host, undefined, 'busy', true);
    expect(host.hasAttribute('data-state-busy')).toBe(true);
    setState(host, undefined, 'busy', false);
    expect(host.hasAttribute('data-state-busy')).toBe(false);
  });
});
