// One payment attempt stored as a transaction (2.2) inside the caller's
// database transaction: by card (the test card decides), or a PIX / boleto
// the sandbox's bank settles.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { emit } from '../events.js';
import { createPayables } from '../domain/split/payables.js';
import { money, newId, transactions, type PaymentMethod, type TransactionDoc } from '../store/tables.js';
import { cardOutcome, cardSummary, type CardProfile } from './test-cards.js';

export interface CardPayment {
  companyId: string; cents: number; installments: number; paymentMethod: PaymentMethod; profile: CardProfile;
  capture?: boolean; split?: TransactionDoc['split'];
  links?: Partial<Pick<TransactionDoc, 'clientId' | 'productId' | 'subscriptionId' | 'chargeId'>>;
}

type Attempt = Omit<CardPayment, 'profile' | 'capture'> & Pick<TransactionDoc, 'status' | 'message' | 'card'>;

async function record(ctx: SandboxContext, db: Queryable, attempt: Attempt): Promise<TransactionDoc> {
  const now = ctx.now(attempt.companyId);
  const at = now.toISOString();
  const made: TransactionDoc = {
    _id: newId(), companyId: attempt.companyId, tid: `sbx_tid_${newId()}`, ...attempt.links,
    amount: money(attempt.cents), installments: attempt.installments, paymentMethod: attempt.paymentMethod,
    status: attempt.status, message: attempt.message, complementaryMessage: 'sandbox: no money moved',
    ...(attempt.card ? { card: attempt.card } : {}), ...(attempt.split !== undefined ? { split: attempt.split } : {}),
    metadata: {}, createdAt: at, updatedAt: at,
  };
  const transaction = made.status === 'PAID' ? await createPayables(ctx, db, made) : made;
  await transactions.insert(db, transaction);
  await emit(db, attempt.companyId, 'transaction.created', { transaction }, now);
  return transaction;
}

export async function payByCard(ctx: SandboxContext, db: Queryable, { profile, capture, ...payment }: CardPayment): Promise<TransactionDoc> {
  const outcome = cardOutcome(profile, ctx.now(payment.companyId));
  const authorizedOnly = outcome.status === 'PAID' && capture === false;
  return record(ctx, db, {
    ...payment, card: cardSummary(profile),
    status: authorizedOnly ? 'AUTHORIZED' : outcome.status, message: authorizedOnly ? 'Authorized, not captured' : outcome.message,
  });
}

type SlipPayment = Omit<CardPayment, 'profile' | 'capture' | 'installments'>;

/** A PIX or boleto the sandbox's bank let expire unpaid: DISCARDED (2.2 has no EXPIRED), no card. */
export const discardSlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, installments: 1, card: undefined, status: 'DISCARDED', message: `Expired unpaid (${payment.paymentMethod})` });

/** A PIX or boleto the sandbox's bank has settled: PAID, no card. */
export const paySlip = (ctx: SandboxContext, db: Queryable, payment: SlipPayment) =>
  record(ctx, db, { ...payment, installments: 1, card: undefined, status: 'PAID', message: `Settled by the sandbox bank (${payment.paymentMethod})` });
