// A credit card sale in installments is paid out as Brazilian acquirers and
// PSPs pay it (Pagar.me, Stone, Cielo, Mercado Pago): one receivable per
// installment, not one for the whole amount. Pure integer cents; the
// description's "Split and payables" section states the same rules.
import type { Share } from './allocate.js';
import type { FeeMethod } from './fee-table.js';

/** How many receivables a payment is paid out in: its installments by credit card, else 1 (every other method is paid at once). */
export function receivableCount(method: FeeMethod, installments: number): number {
  return method === 'CREDIT_CARD' && installments > 1 ? installments : 1;
}

/**
 * A recipient's share cut into `count` installment parts, in order:
 * 1. gross and fee each in equal parts floored, the cents left on installment 1
 *    (as Pagar.me puts the remainder on the first installment);
 * 2. a fee part above its gross part (only installment 1 can be: its remainder
 *    may be larger) gives the excess to installments 2, 3, … in order, each up
 *    to its gross part: it all fits, since the share's fee is at most its gross;
 * 3. net = gross - fee per part, so it is never negative.
 * The parts add up exactly to the share's grossAmount, fee and netAmount.
 */
export function splitIntoInstallments(share: Share, count: number): Share[] {
  const gross = equalParts(share.grossAmount, count);
  const fees = equalParts(share.fee, count);
  let excess = Math.max(0, fees[0]! - gross[0]!);
  fees[0] = fees[0]! - excess;
  for (let k = 1; k < count && excess > 0; k++) {
    const taken = Math.min(excess, gross[k]! - fees[k]!);
    fees[k] = fees[k]! + taken;
    excess -= taken;
  }
  return gross.map((g, k) => ({ grossAmount: g, fee: fees[k]!, netAmount: g - fees[k]! }));
}

/** `total` cents in `count` parts: each floor(total / count), the remainder on the first. */
function equalParts(total: number, count: number): number[] {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, k) => (k === 0 ? total - part * (count - 1) : part));
}
