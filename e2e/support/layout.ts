// Layout probes for the steady-layout specs (issue 12), run in the page: where the inputs and
// the Pay button are, and the layout-shift entries the engine reports (Chromium only).
import { PAID_NUMBER } from './cards.mjs';

/** Numbers of four brands, each a valid length and Luhn sum. */
export const BRAND_NUMBERS = {
  visa: PAID_NUMBER, amex: '378282246310005', elo: '6362970000000005', hipercard: '6062826786276634',
} as const;

/** Starts counting every layout-shift entry, those after input too (runs in the page). */
export const watchShifts = (): boolean => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) return false;
  const seen: unknown[] = ((window as unknown as { shifts: unknown[] }).shifts = []);
  new PerformanceObserver((list) => seen.push(...list.getEntries().map((e) => ({ value: (e as unknown as { value: number }).value, hadRecentInput: (e as unknown as { hadRecentInput: boolean }).hadRecentInput, sources: ((e as unknown as { sources: object[] }).sources ?? []).map((s) => JSON.stringify([(s as any).previousRect, (s as any).currentRect])) }))))
    .observe({ type: 'layout-shift', buffered: true });
  return true;
};

/** The layout-shift entries seen since watchShifts (runs in the page). */
export const shiftsSeen = (): unknown[] => (window as unknown as { shifts?: unknown[] }).shifts ?? [];

/** `id: x,y,w,h` of every input of `host`'s shadow root and of the page's `extra` elements, in page coordinates (runs in the page). */
export const boxes = ([host, extra]: [string, string[]]): string[] => {
  const root = document.querySelector(host)!.shadowRoot!;
  const elements = [...root.querySelectorAll('input'), ...extra.map((id) => document.getElementById(id)!)];
  return elements.map((element) => {
    const r = element.getBoundingClientRect();
    return `${element.id}: ${[r.x + scrollX, r.y + scrollY, r.width, r.height].map((n) => Math.round(n * 10) / 10).join(',')}`;
  });
};

/**
 * What moved between two readings of `boxes` (the same elements, in order): one line per box that
 * changed, `id: x 12 → 14 (+2), h 60 → 87 (+27)`, so a failure says what moved and by how much.
 */
export function moves(before: readonly string[], after: readonly string[]): string[] {
  const parse = (line: string) => {
    const at = line.lastIndexOf(': ');
    return { id: line.slice(0, at), numbers: line.slice(at + 2).split(',').map(Number) };
  };
  if (before.length !== after.length) return [`${before.length} boxes before, ${after.length} after: ${JSON.stringify(after)}`];
  return before.flatMap((line, i) => {
    const was = parse(line);
    const now = parse(after[i]!);
    if (was.id !== now.id) return [`box ${i} was ${line}, is ${after[i]}`];
    const changed = ['x', 'y', 'w', 'h'].flatMap((axis, j) => {
      const delta = Math.round((now.numbers[j]! - was.numbers[j]!) * 10) / 10;
      return delta ? [`${axis} ${was.numbers[j]} → ${now.numbers[j]} (${delta > 0 ? '+' : ''}${delta})`] : [];
    });
    return changed.length ? [`${was.id || '(no id)'}: ${changed.join(', ')}`] : [];
  });
}
