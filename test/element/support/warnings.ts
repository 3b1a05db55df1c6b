// For the specs that read what the element warns: each test starts on an empty
// page with console.warn silenced and recorded, and leaves both as it found them.
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/** Installs the per-test hooks; the function it returns lists this test's warnings, each call's arguments joined. */
export function recordWarnings(): () => string[] {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
  return () => warn.mock.calls.map((args) => args.join(' '));
}
