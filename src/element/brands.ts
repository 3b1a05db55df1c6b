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
  /** The security code's name on this brand's cards, and its length. */
  code: { name: string; size: number };
}

// A prefix is a number (exact leading digits) or an inclusive range [low, high] of equal length.
type Prefix = number | [number, number];
interface Row extends Brand { prefixes: Prefix[] }

const G4 = [4, 8, 12];
const row = (id: BrandId, name: string, prefixes: Prefix[], lengths: number[], code = 'CVV', size = 3, gaps = G4): Row =>
  ({ id, name, prefixes, gaps, lengths, code: { name: code, size } });

// Brazil first: the order only matters for equal-length matches, which the table avoids.
const TABLE: Row[] = [
  row('elo', 'Elo', [401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, [506699, 506778],
    [509000, 509999], 627780, 636297, 636368, [650031, 650033], [650035, 650051], [650405, 650439], [650485, 650538],
    [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978], [651652, 651679], [655000, 655019],
    [655021, 655058]], [16], 'CVE'),
  row('hipercard', 'Hipercard', [606282], [16], 'CVC'),
  row('hiper', 'Hiper', [637095, 63737423, 63743358, 637568, 637599, 637609, 637612], [16], 'CVC'),
  row('visa', 'Visa', [4], [13, 16, 19]),
  row('mastercard', 'Mastercard', [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720], [16], 'CVC'),
  row('amex', 'American Express', [34, 37], [15], 'CID', 4, [4, 10]),
  row('diners', 'Diners Club', [[300, 305], 36, 38, 39], [14, 16, 19], 'CVV', 3, [4, 10]),
  row('discover', 'Discover', [6011, [644, 649], 65], [16, 19], 'CID'),
  row('jcb', 'JCB', [2131, 1800, [3528, 3589]], [16, 17, 18, 19]),
  row('aura', 'Aura', [50], [16, 17, 18, 19]),
  row('cabal', 'Cabal', [604400, 627170, 603522, 589657, [604201, 604219], [604300, 604399]], [16]),
];

/** Every brand the element knows, in the order shown to customers (Brazil first). */
export const BRANDS: readonly Brand[] = TABLE.map(({ prefixes: _p, ...brand }) => brand);

/** How many leading digits of `prefix` the digits reach; -1 when they contradict it. */
function reach(digits: string, prefix: Prefix): number {
  const [low, high] = Array.isArray(prefix) ? prefix.map(String) : [String(prefix), String(prefix)];
  const n = Math.min(digits.length, low!.length);
  const head = digits.slice(0, n);
  if (head < low!.slice(0, n) || head > high!.slice(0, n)) return -1;
  return n === low!.length ? n : 0;
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
  let best: Row | undefined;
  let bestStrength = 0;
  for (const candidate of TABLE) {
    let strength = -1;
    for (const prefix of candidate.prefixes) strength = Math.max(strength, reach(digits, prefix));
    if (strength === 0) return undefined; // a candidate still incomplete: not decided yet
    if (strength > bestStrength) [best, bestStrength] = [candidate, strength];
  }
  return best && BRANDS[TABLE.indexOf(best)];
}

/** The brand with this id, or `undefined`. */
export const brandById = (id: string): Brand | undefined => BRANDS.find((brand) => brand.id === id);
