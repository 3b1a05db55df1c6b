// How a paid amount and its processing fee are shared among a split's
// recipients, in integer cents (the description's "Split" section states it):
// 1. gross: amount * percentage / 100 per rule, largest remainder (apportion.ts);
// 2. the fee's share of each recipient: fee * gross / amount, largest remainder;
// 3. a rule with chargeRecipientProcessingFee bears its own share of the fee;
// 4. the other shares are borne by the rules with chargeProcessingFee, pro rata
//    to their gross; with none, by the paying company when it is a recipient,
//    else each recipient bears its own share;
// 5. no fee above its gross: the excess goes to the recipients in rule order,
//    each up to its gross (the fee never exceeds the amount, so it all fits).
import { apportion } from './apportion.js';

export interface ShareRule {
  /** Percentage in hundredths (rules.ts WHOLE is 100%). */
  hundredths: number;
  chargeProcessingFee?: boolean;
  chargeRecipientProcessingFee?: boolean;
  /** The paying company's own rule. */
  payer?: boolean;
}

export interface Share { grossAmount: number; fee: number; netAmount: number }

export function allocate(amount: number, fee: number, rules: readonly ShareRule[]): Share[] {
  const gross = apportion(amount, rules.map((r) => r.hundredths));
  const feeShares = apportion(fee, gross);
  const fees = rules.map((r, i) => (r.chargeRecipientProcessingFee ? feeShares[i]! : 0));
  const rest = fee - fees.reduce((a, b) => a + b, 0);
  const bearers = bearersOfTheRest(rules);
  if (bearers) apportion(rest, bearers.map((i) => gross[i]!)).forEach((part, k) => { fees[bearers[k]!] = fees[bearers[k]!]! + part; });
  else rules.forEach((r, i) => { if (!r.chargeRecipientProcessingFee) fees[i] = fees[i]! + feeShares[i]!; });
  // Step 5: cap at gross, then place the excess where there is room, in rule order.
  let excess = 0;
  fees.forEach((f, i) => { if (f > gross[i]!) { excess += f - gross[i]!; fees[i] = gross[i]!; } });
  for (let i = 0; i < fees.length && excess > 0; i++) {
    const taken = Math.min(excess, gross[i]! - fees[i]!);
    fees[i] = fees[i]! + taken;
    excess -= taken;
  }
  return gross.map((g, i) => ({ grossAmount: g, fee: fees[i]!, netAmount: g - fees[i]! }));
}

/** Indexes of the rules bearing the fee shares no rule bears itself; undefined: each bears its own. */
function bearersOfTheRest(rules: readonly ShareRule[]): number[] | undefined {
  const marked = rules.flatMap((r, i) => (r.chargeProcessingFee ? [i] : []));
  if (marked.length) return marked;
  const payer = rules.findIndex((r) => r.payer);
  return payer >= 0 ? [payer] : undefined;
}
