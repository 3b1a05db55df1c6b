// PROCESSING (a provider under a `delayed` fault took the payment and answers
// later): the test clock settles it once past its processing.settlesAt (its
// processingSettled row, at a day's start and after a move), stamped at settlesAt. The answer is the
// card's issuer's then (the test card the transaction's BIN and last four name,
// as for renewals): approved, PAID (AUTHORIZED with capture false) with its
// payables; otherwise DECLINED. The charge it pays follows, or a charge paid
// meanwhile voids it (held-payment.ts).
import { randomInt } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { renewalProfile } from '../billing/renewal-card.js';
import { cardOutcome } from '../payment/test-cards.js';
import { processingDueBy } from '../store/due-transactions.js';
import type { TransactionDoc } from '../store/tables.js';
import { writeHeldAnswer } from './held-payment.js';

/** Settles `transaction` (PROCESSING, row-locked by the caller) at its settlesAt; answers it as written. */
export async function settleProcessing(ctx: SandboxContext, db: Queryable, transaction: TransactionDoc): Promise<TransactionDoc> {
  const { processing, ...rest } = transaction;
  const at = new Date(processing!.settlesAt);
  const issuer = transaction.card ? cardOutcome(renewalProfile(transaction.card), at) : { status: 'DECLINED' as const, message: 'No card' };
  const approved = issuer.status === 'PAID' || issuer.status === 'IN_ANALYSIS';
  const status = !approved ? 'DECLINED' : processing!.capture ? 'PAID' : 'AUTHORIZED';
  const message = approved ? (processing!.capture ? 'Approved' : 'Authorized, not captured') : issuer.message;
  const acquirer = transaction.acquirer && { ...transaction.acquirer, message, ...(approved ? { authorizationCode: String(randomInt(1_000_000)).padStart(6, '0') } : {}) };
  const answered = { ...rest, status, message, ...(acquirer ? { acquirer } : {}), updatedAt: processing!.settlesAt } as TransactionDoc;
  return writeHeldAnswer(ctx, db, rest as TransactionDoc, answered, 'provider_answered', at, processing!.payer);
}

/** The clock's processingSettled row: every PROCESSING transaction of the company whose settlesAt is at or before `at`, settled; answers them as written. */
export async function settleDueProcessing(ctx: SandboxContext, db: Queryable, companyId: string, at: Date): Promise<TransactionDoc[]> {
  const settled: TransactionDoc[] = [];
  for (const transaction of await processingDueBy(db, companyId, at)) {
    const written = await settleProcessing(ctx, db, transaction);
    ctx.recent.remember(written);
    settled.push(written);
  }
  return settled;
}
