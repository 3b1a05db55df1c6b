// A transaction's processing fee (fee-table.ts), computed once on the whole
// amount: the percentage part rounded half up to the cent, plus the fixed
// part, never more than the amount itself (a 1-cent payment costs 1 cent).
import { FEE_TABLE, type FeeMethod, type FeeRow } from './fee-table.js';

/** The row for a method and installment count; a count past the table's last row uses that last row. */
export function feeRowFor(method: FeeMethod, installments: number): FeeRow {
  const rows = FEE_TABLE.filter((row) => row.method === method);
  const row = rows.find((r) => installments >= r.installments.from && installments <= r.installments.to) ?? rows.at(-1);
  if (!row) throw new Error(`fee table: no row for ${method}`);
  return row;
}

/** The fee in cents for `amount` cents. */
export function transactionFee(amount: number, method: FeeMethod, installments: number): number {
  const row = feeRowFor(method, installments);
  // Half up on integers: (amount * bp + 5000) / 10000, floored. amount * bp stays far below 2^53.
  const percentPart = Math.floor((amount * row.basisPoints + 5_000) / 10_000);
  return Math.min(amount, percentPart + row.fixedCents);
}
