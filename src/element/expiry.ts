// The expiry field: one input, `MM/AA` shown, `MM/AAAA`, `YYYY-MM` (what
// `<input type=month>`-style autofill inserts) and `MM / YYYY` understood.

/** A parsed expiry: month 1-12 and a four-digit year. */
export interface Expiry {
  month: number;
  year: number;
}

/** Years ahead a card may expire; later is treated as a typing mistake. */
export const MAX_YEARS_AHEAD = 20;

const fold = (text: string): string => text.normalize('NFKC').trim();
const fullYear = (year: string): number => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * Parses `MM/AA`, `MM/AAAA`, `M/AA`, `MMAA`, `MMAAAA`, `YYYY-MM` and `MM / YYYY`.
 * Returns `undefined` for anything else, including a month outside 1-12.
 *
 * @example
 * parseExpiry('03/30');     // { month: 3, year: 2030 }
 * parseExpiry('2030-03');   // { month: 3, year: 2030 }
 * parseExpiry('03 / 2030'); // { month: 3, year: 2030 }
 */
export function parseExpiry(text: string): Expiry | undefined {
  // YYYY-MM | M/YY, MM/YYYY (any of - / . between, spaces allowed) | MMYY, MMYYYY
  const m = /^(\d{4})\s*[-/.]\s*(\d\d?)$|^(\d\d?)\s*[-/.]\s*(\d\d|\d{4})$|^(\d\d)(\d\d|\d{4})$/.exec(fold(text));
  if (!m) return undefined;
  const parsed = { month: Number(m[2] ?? m[3] ?? m[5]), year: fullYear(m[1] ?? m[4] ?? m[6]!) };
  return parsed.month >= 1 && parsed.month <= 12 ? parsed : undefined;
}

/**
 * Whether the card is expired on `now`: a card is valid through the last day
 * of its month in UTC, the sandbox's rule (a local calendar would accept, on a
 * month's last evening in UTC-3, a card the payments API declines).
 *
 * @example
 * isExpired({ month: 3, year: 2030 }, new Date(Date.UTC(2030, 2, 31, 23, 59))); // false
 * isExpired({ month: 3, year: 2030 }, new Date(Date.UTC(2030, 3, 1)));          // true
 */
export const isExpired = ({ month, year }: Expiry, now: Date): boolean =>
  year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;

/** Whether the expiry is further ahead than any card is issued for (UTC years). */
export const isTooFar = ({ year }: Expiry, now: Date): boolean => year > now.getUTCFullYear() + MAX_YEARS_AHEAD;

/**
 * The text the expiry field shows after an edit. A value inserted whole
 * (autofill, paste: `whole` true) becomes `MM/AA`; typed digits get the slash
 * after the month, and a first digit 2-9 can only be a month, so `4` -> `04`.
 *
 * @example
 * formatExpiryInput('2030-03', true);   // '03/30'
 * formatExpiryInput('03 / 2030', true); // '03/30'
 * formatExpiryInput('0330', false);     // '03/30'
 * formatExpiryInput('3/2', false);      // '03/2'
 */
export function formatExpiryInput(raw: string, whole: boolean): string {
  const value = fold(raw);
  const parsed = whole ? parseExpiry(value) : undefined;
  if (parsed) return `${String(parsed.month).padStart(2, '0')}/${String(parsed.year).slice(-2)}`;
  const split = /^(\d{1,2})\s*[-/.]\s*(\d*)$/.exec(value);
  if (split) return `${split[1]!.padStart(2, '0')}/${split[2]!.slice(0, 4)}`;
  let digits = value.replace(/\D/g, '').slice(0, 6);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
