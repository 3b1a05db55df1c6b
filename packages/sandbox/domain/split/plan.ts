// The payables a paid transaction makes, before they are stored: one per
// recipient of the split chosen (choose.ts), or one for the paying company
// when none applies. Pure, so tests call it without the API.
import { allocate, type Share } from './allocate.js';
import type { FeeMethod } from './fee-table.js';
import { feeRowFor, transactionFee } from './fees.js';
import { hundredthsOf, type SplitDoc, type SplitRule } from './rules.js';

export interface PaidPayment { amount: number; paymentMethod: FeeMethod; installments: number; payingCompanyId: string; split?: SplitDoc }
export interface PlannedPayable extends Share { companyId: string }

export function planPayables(payment: PaidPayment): { fee: number; payables: PlannedPayable[] } {
  const fee = transactionFee(payment.amount, payment.paymentMethod, payment.installments);
  // No split: the whole amount is the paying company's, and so is the fee.
  const rules: SplitRule[] = payment.split?.rules?.length ? payment.split.rules : [{ companyId: payment.payingCompanyId, percentage: 100 }];
  const shares = allocate(payment.amount, fee, rules.map((rule) => ({
    hundredths: hundredthsOf(rule.percentage) ?? 0,
    chargeProcessingFee: rule.chargeProcessingFee, chargeRecipientProcessingFee: rule.chargeRecipientProcessingFee,
    payer: rule.companyId === payment.payingCompanyId,
  })));
  return { fee, payables: shares.map((share, i) => ({ companyId: rules[i]!.companyId, ...share })) };
}

/** The day (YYYY-MM-DD) a payable's funds become available: the payment's day plus the method's D+n. */
export function availableOn(paymentMethod: FeeMethod, installments: number, paidDay: string): string {
  const date = new Date(`${paidDay}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + feeRowFor(paymentMethod, installments).availableAfterDays);
  return date.toISOString().slice(0, 10);
}
