// The payables a paid transaction makes, before they are stored: one per
// recipient of the split chosen (choose.ts), or one for the paying company
// when none applies, and per installment of a credit card sale in
// installments (installments.ts). Pure, so tests call it without the API.
import { allocate, type Share } from './allocate.js';
import type { FeeMethod } from './fee-table.js';
import { feeRowFor, transactionFee } from './fees.js';
import { receivableCount, splitIntoInstallments } from './installments.js';
import { hundredthsOf, type SplitDoc, type SplitRule } from './rules.js';

export interface PaidPayment { amount: number; paymentMethod: FeeMethod; installments: number; payingCompanyId: string; split?: SplitDoc }
export interface PlannedPayable extends Share { companyId: string; ruleIndex: number; installment: number }

/** The payables in order: by recipient (rule order), then installment 1..n. */
export function planPayables(payment: PaidPayment): { fee: number; payables: PlannedPayable[] } {
  const fee = transactionFee(payment.amount, payment.paymentMethod, payment.installments);
  // No split: the whole amount is the paying company's, and so is the fee.
  const rules: SplitRule[] = payment.split?.rules?.length ? payment.split.rules : [{ companyId: payment.payingCompanyId, percentage: 100 }];
  const shares = allocate(payment.amount, fee, rules.map((rule) => ({
    hundredths: hundredthsOf(rule.percentage) ?? 0,
    chargeProcessingFee: rule.chargeProcessingFee, chargeRecipientProcessingFee: rule.chargeRecipientProcessingFee,
    payer: rule.companyId === payment.payingCompanyId,
  })));
  const count = receivableCount(payment.paymentMethod, payment.installments);
  return {
    fee,
    payables: shares.flatMap((share, ruleIndex) => splitIntoInstallments(share, count).map((part, k) => ({
      companyId: rules[ruleIndex]!.companyId, ruleIndex, installment: k + 1, ...part,
    }))),
  };
}

/**
 * The day (YYYY-MM-DD) a payable's funds become available: the payment's day
 * plus the method's D+n, times the installment's number when the sale is paid
 * out per installment (a credit card 3x: D+30, D+60, D+90).
 */
export function availableOn(paymentMethod: FeeMethod, installments: number, paidDay: string, installment = 1): string {
  const date = new Date(`${paidDay}T00:00:00.000Z`);
  const times = receivableCount(paymentMethod, installments) > 1 ? installment : 1;
  date.setUTCDate(date.getUTCDate() + feeRowFor(paymentMethod, installments).availableAfterDays * times);
  return date.toISOString().slice(0, 10);
}
