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
