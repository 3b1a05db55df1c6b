// One card payment attempt: the outcome of the test card, stored as a
// transaction (2.2) inside the caller's database transaction.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { emit } from '../events.js';
import { money, newId, transactions, type PaymentMethod, type TransactionDoc } from '../store/tables.js';
import { cardOutcome, cardSummary, type CardProfile } from './test-cards.js';

export interface CardPayment {
  companyId: string; cents: number; installments: number; paymentMethod: PaymentMethod; profile: CardProfile;
  capture?: boolean; split?: TransactionDoc['split'];
  links?: Partial<Pick<TransactionDoc, 'clientId' | 'productId' | 'subscriptionId' | 'chargeId'>>;
}

export async function payByCard(ctx: SandboxContext, db: Queryable, payment: CardPayment): Promise<TransactionDoc> {
  const now = ctx.now(payment.companyId);
  const outcome = cardOutcome(payment.profile, now);
  const authorizedOnly = outcome.status === 'PAID' && payment.capture === false;
  const at = now.toISOString();
  const transaction: TransactionDoc = {
    _id: newId(), companyId: payment.companyId, tid: `sbx_tid_${newId()}`, ...payment.links,
    amount: money(payment.cents), installments: payment.installments, paymentMethod: payment.paymentMethod,
    status: authorizedOnly ? 'AUTHORIZED' : outcome.status,
    message: authorizedOnly ? 'Authorized, not captured' : outcome.message,
    complementaryMessage: 'sandbox: no money moved',
    card: cardSummary(payment.profile),
    ...(payment.split !== undefined ? { split: payment.split } : {}),
    metadata: {}, createdAt: at, updatedAt: at,
  };
  await transactions.insert(db, transaction);
  await emit(db, payment.companyId, 'transaction.created', { transaction }, now);
  return transaction;
}
