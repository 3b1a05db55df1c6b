// The sandbox's processing fees, as data: the fee code (fees.ts) and the
// description's table (http/docs/split.ts) both read these rows, so the
// documented table is the one charged. Rates are in basis points (hundredths
// of a percent) and fixed parts in cents, so every fee is integer arithmetic.
import type { PAYMENT_METHODS } from '../../schemas/common.js';

export type FeeMethod = (typeof PAYMENT_METHODS)[number];

export interface FeeRow {
  method: FeeMethod;
  /** Installment counts this row applies to, both ends included. */
  installments: { from: number; to: number };
  /** Percentage of the transaction's amount, in basis points (299 = 2.99%). */
  basisPoints: number;
  /** Per transaction, in cents. */
  fixedCents: number;
  /** Days after the payment's date when its payables' funds are available (D+n). */
  availableAfterDays: number;
}

/**
 * Round numbers in the range Brazilian acquirers and PSPs publish; a sandbox
 * table, not any provider's price list. More installments cost more because
 * the acquirer advances the later ones.
 */
export const FEE_TABLE: readonly FeeRow[] = Object.freeze([
  { method: 'CREDIT_CARD', installments: { from: 1, to: 1 }, basisPoints: 299, fixedCents: 39, availableAfterDays: 30 },
  { method: 'CREDIT_CARD', installments: { from: 2, to: 6 }, basisPoints: 349, fixedCents: 39, availableAfterDays: 30 },
  { method: 'CREDIT_CARD', installments: { from: 7, to: 12 }, basisPoints: 399, fixedCents: 39, availableAfterDays: 30 },
  { method: 'DEBIT_CARD', installments: { from: 1, to: 1 }, basisPoints: 189, fixedCents: 39, availableAfterDays: 1 },
  { method: 'PIX', installments: { from: 1, to: 1 }, basisPoints: 99, fixedCents: 0, availableAfterDays: 0 },
  { method: 'BOLETO', installments: { from: 1, to: 1 }, basisPoints: 0, fixedCents: 349, availableAfterDays: 1 },
] satisfies FeeRow[]);
