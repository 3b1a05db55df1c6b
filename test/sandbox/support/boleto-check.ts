// A boleto checked by re-computation, independent of payment/boleto.ts (FEBRABAN:
// each of the line's three fields ends in its mod-10 digit, the barcode's general
// digit is mod 11, and the line holds the barcode).
import { expect } from 'vitest';

const mod10 = (s: string) => (10 - ([...s].reverse().reduce((sum, d, i) => { const p = Number(d) * (i % 2 ? 1 : 2); return sum + Math.floor(p / 10) + (p % 10); }, 0) % 10)) % 10;
const mod11 = (s: string) => { const r = [...s].reverse().reduce((sum, d, i) => sum + Number(d) * (2 + (i % 8)), 0) % 11; const d = 11 - r; return d > 9 ? 1 : d; };

/** Expects `barcode` and `digitableLine` to be one valid boleto for `cents`. */
export function expectValidBoleto({ barcode, digitableLine }: { barcode: string; digitableLine: string }, cents: number): void {
  expect(barcode).toMatch(/^\d{44}$/);
  expect(digitableLine).toMatch(/^\d{47}$/);
  expect(Number(barcode[4])).toBe(mod11(barcode.slice(0, 4) + barcode.slice(5)));
  const [f1, f2, f3] = [digitableLine.slice(0, 10), digitableLine.slice(10, 21), digitableLine.slice(21, 32)];
  for (const f of [f1, f2, f3]) expect(Number(f.at(-1))).toBe(mod10(f.slice(0, -1)));
  // The barcode back from the line: bank+currency, general digit, factor+amount, free field.
  expect(f1.slice(0, 4) + digitableLine[32] + digitableLine.slice(33) + f1.slice(4, 9) + f2.slice(0, 10) + f3.slice(0, 10)).toBe(barcode);
  expect(barcode.slice(9, 19)).toBe(String(cents).padStart(10, '0'));
}
