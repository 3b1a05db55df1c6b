// The split's service: when a transaction becomes PAID, choose its split
// (choose.ts) and store one payable per recipient, and per installment of a
// credit card sale in installments (plan.ts); when it is
// refunded, reverse them. Called inside the caller's database transaction.
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { getCompanySettings, type CompanySettingsDoc } from '../../store/company-settings.js';
import { payables, payablesOf, type PayableDoc } from '../../store/payables.js';
import { charges, newId, products, type ProductDoc, type TransactionDoc } from '../../store/tables.js';
import { chooseSplit } from './choose.js';
import { availableOn, planPayables } from './plan.js';

/** The product a payment names: the transaction's, else its charge's. */
async function productOf(db: Queryable, transaction: TransactionDoc): Promise<ProductDoc | undefined> {
  let productId = transaction.productId;
  if (!productId && transaction.chargeId) productId = (await charges.get(db, transaction.companyId, transaction.chargeId))?.productId;
  return productId ? products.get(db, transaction.companyId, productId) : undefined;
}

/**
 * Makes the payables of a transaction that has just become PAID and answers
 * the transaction as it must be stored: `split` as applied (absent when none),
 * `splitSource` and `processingFee`. The caller writes the transaction.
 */
export async function createPayables(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc, product?: ProductDoc, settings?: CompanySettingsDoc): Promise<TransactionDoc> {
  const payingCompanyId = transaction.companyId;
  const chosen = chooseSplit({
    transaction: transaction.split,
    product: (product ?? (await productOf(db, transaction)))?.split,
    // The company's settings as the caller read them (pay-by-card.ts), else read here.
    company: (settings ?? (await getCompanySettings(db, payingCompanyId))).split,
  });
  const plan = planPayables({
    amount: transaction.amount.value, paymentMethod: transaction.paymentMethod, installments: transaction.installments, payingCompanyId, split: chosen.split,
  });
  const now = ctx.now(payingCompanyId);
  const at = now.toISOString();
  const day = at.slice(0, 10);
  // Made at one instant, a list orders them by id: one random stem and their order after it, so a
  // transaction's payables list by recipient then installment (newest first: the reverse).
  const stem = newId().slice(0, 20);
  for (const [index, share] of plan.payables.entries()) {
    const available = availableOn(transaction.paymentMethod, transaction.installments, day, share.installment);
    await payables.insert(db, {
      _id: stem + index.toString(16).padStart(4, '0'), companyId: share.companyId, payingCompanyId, transactionId: transaction._id, ruleIndex: share.ruleIndex,
      paymentMethod: transaction.paymentMethod, installments: transaction.installments, installment: share.installment,
      grossAmount: share.grossAmount, fee: share.fee, netAmount: share.netAmount,
      status: available <= day ? 'PAID' : 'WAITING_FUNDS', availableOn: available, createdAt: at, updatedAt: at,
    });
  }
  const { split: _asSent, ...rest } = transaction;
  return { ...rest, ...(chosen.split ? { split: chosen.split } : {}), splitSource: chosen.source, processingFee: plan.fee };
}

/** A refund (cancel of a PAID transaction): every payable of it REVERSED at `at`, as Stripe reverses a destination charge's transfer. */
export async function reversePayables(db: Queryable, transaction: TransactionDoc, at: Date | string): Promise<PayableDoc[]> {
  const stamp = typeof at === 'string' ? at : at.toISOString();
  const reversed: PayableDoc[] = [];
  for (const payable of await payablesOf(db, transaction._id, true)) {
    if (payable.status === 'REVERSED') { reversed.push(payable); continue; }
    reversed.push(await payables.update(db, { ...payable, status: 'REVERSED', reversedAt: stamp, updatedAt: stamp }));
  }
  return reversed;
}
