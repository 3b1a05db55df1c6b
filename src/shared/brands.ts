// Brand detection from the leading digits (the issuer identification number).
//
// Source of the ranges: the `credit-card-type` package 10.3.0 (Braintree, MIT),
// file lib/card-types.js, for Visa, Mastercard, Amex, Diners, Discover, JCB, Elo,
// Hiper and Hipercard, and its matching rule (a longer matching prefix wins, and
// nothing is decided while a candidate's prefix is still incomplete). Aura and
// Cabal are not in it; they come from the `bin-cc` data set
// (data/sources/aura.json, marked unofficial; data/sources/cabal.json).
// The package itself is not bundled: it would cost about 2.8 KB of the 15 KB
// budget of dist/svc-card-form.js and carries brands that Brazil does not use.

/** A brand the element can recognise. */
export type BrandId =
  | 'elo' | 'hipercard' | 'hiper' | 'visa' | 'mastercard' | 'amex'
  | 'diners' | 'discover' | 'jcb' | 'aura' | 'cabal';

/** What a brand decides for the form: grouping, lengths and its security code. */
export interface Brand {
  id: BrandId;
  /** Display name, e.g. `Elo`. */
  name: string;
  /** Positions after which a space is shown (4-4-4-4 is `[4, 8, 12]`). */
  gaps: number[];
  /** Valid lengths of the number, in digits. */
  lengths: number[];
  /** The security code's length (labelled CVV whatever the brand calls it: CID, CVE, CVC). */
  code: { size: number };
}

// One brand per line: id; name; code length; lengths; lettered badge (icons.ts:
// background, lettering colour, lettering; `-` where brand-marks.ts has the mark); prefixes; gaps (default 4 8 12 16: a 19-digit card prints 4-4-4-4-3). A prefix `a-b` is the inclusive range from a to b, where b is written as
// a's last digits only: `506699-778` is 506699–506778, `51-5` is 51–55. A compact
// string rather than arrays: the table is most of what brand detection costs in the
// size budget. The order is the accepted brands' strip while the number is empty (as many as
// fit: Visa, Mastercard and Elo on a phone), most used in Brazil first; detection does not
// depend on it (no two prefixes of equal length overlap).
const TABLE = `visa;Visa;3;13 16 19;-;4
mastercard;Mastercard;3;16;-;51-5 2221-9 223-9 23-6 270-1 2720
elo;Elo;3;16;#000 #ffcb05 elo;401178 401179 438935 457631 457632 431274 451416 457393 504175 506699-778 509000-999 627780 636297 636368 650031-3 650035-51 650405-39 650485-538 650541-98 650700-18 650720-7 650901-78 651652-79 655000-19 655021-58
amex;American Express;4;15;#2e77bc #fff AMEX;34 37;4 10
hipercard;Hipercard;3;16;#b3131b #fff Hiper/card;606282
hiper;Hiper;3;16;#f37021 #fff hiper;637095 63737423 63743358 637568 637599 637609 637612
diners;Diners Club;3;14 16 19;-;300-5 36 38 39;4 10
discover;Discover;3;16 19;#fff #ff6000 Discover;6011 644-9 65
jcb;JCB;3;16 17 18 19;#0e4c96 #fff JCB;2131 1800 3528-89
aura;Aura;3;16 17 18 19;#005ba6 #fff aura;50
cabal;Cabal;3;16;#00609c #fff cabal;604400 627170 603522 589657 604201-19 604300-99`;

// An inclusive range of leading digits, both ends of the same length.
type Prefix = [low: string, high: string];

const numbers = (text: string): number[] => text.split(' ').map(Number);

function range(text: string): Prefix {
  const [low, end = low] = text.split('-') as [string, string?];
  return [low, low.slice(0, low.length - end.length) + end];
}

const ROWS = TABLE.split('\n').map((line) => {
  const [id, name, code, lengths, mark, prefixes, gaps = '4 8 12 16'] = line.split(';') as string[];
  const brand: Brand = {
    id: id as BrandId, name: name!, gaps: numbers(gaps), lengths: numbers(lengths!),
    code: { size: Number(code) },
  };
  return { brand, mark: mark!, prefixes: prefixes!.split(' ').map(range) };
});

/** A brand's badge as drawn by icons.ts: `background colour lettering`, e.g. `#000 #ffcb05 elo`. */
export const markOf = (id: BrandId): string | undefined => ROWS.find((row) => row.brand.id === id)?.mark;

/** Every brand the element knows, in the order shown to customers (Brazil first). */
export const BRANDS: readonly Brand[] = ROWS.map((row) => row.brand);

/** How many leading digits of the prefix the digits reach; -1 when they contradict it. */
function reach(digits: string, [low, high]: Prefix): number {
  const n = Math.min(digits.length, low.length);
  const head = digits.slice(0, n);
  if (head < low.slice(0, n) || head > high.slice(0, n)) return -1;
  return n === low.length ? n : 0;
}

/**
 * The brand of a (partial) card number, or `undefined` while the digits are
 * ambiguous or match nothing. `4` alone is undefined (Visa or Elo); `41` is Visa.
 *
 * @example
 * detectBrand('6362970000000005')?.id; // 'elo'
 * detectBrand('4')?.id;                // undefined: Elo has prefixes starting with 4
 */
export function detectBrand(digits: string): Brand | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  let best: Brand | undefined;
  let bestStrength = 0;
  for (const candidate of ROWS) {
    let strength = -1;
    for (const prefix of candidate.prefixes) strength = Math.max(strength, reach(digits, prefix));
    if (strength === 0) return undefined; // a candidate still incomplete: not decided yet
    if (strength > bestStrength) [best, bestStrength] = [candidate.brand, strength];
  }
  return best;
}
