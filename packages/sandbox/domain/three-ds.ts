// 3-D Secure: how a challenge ends (http/docs/three-ds.ts). afterChallenge says
// what is written (PENDING_3DS -> PAID / AUTHORIZED / DECLINED); endChallenge
// writes it through the transaction's state machine and moves the charge along;
// the machines emit the events after the write, with the records as written.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { writeHeldAnswer } from './held-payment.js';
import { challenges, dueChallenges, type ChallengeDoc } from '../store/three-ds-challenges.js';
import { transactions, type TransactionDoc } from '../store/tables.js';

/** How a challenge ended: the shopper authenticated, failed (or the card fails every challenge), or let it expire. */
export type ChallengeEnd = 'AUTHENTICATED' | 'FAILED' | 'EXPIRED';

const DECLINE_MESSAGES = { FAILED: '3-D Secure authentication failed', EXPIRED: '3-D Secure challenge expired unanswered' } as const;

/** The transaction table's event for how a challenge ended (domain/states/transaction.ts). */
const EVENTS = { AUTHENTICATED: 'challenge_passed', FAILED: 'challenge_failed', EXPIRED: 'challenge_expired' } as const;

/**
 * What 3-D Secure writes on a PENDING_3DS transaction: the provider's held answer (PAID,
 * AUTHORIZED or DECLINED) once authenticated, DECLINED otherwise; nextAction goes.
 */
export function afterChallenge(transaction: TransactionDoc, end: ChallengeEnd, held: ChallengeDoc['held'], at: string): TransactionDoc {
  const { nextAction: _ended, ...rest } = transaction;
  const threeDS = { flow: 'challenge' as const, result: end, at };
  if (end !== 'AUTHENTICATED') return { ...rest, status: 'DECLINED', message: DECLINE_MESSAGES[end], threeDS, updatedAt: at };
  return {
    ...rest, status: held.status, message: held.message, threeDS, updatedAt: at,
    ...(held.acquirer ? { acquirer: held.acquirer, tid: held.acquirer.tid } : {}), ...(held.routing ? { routing: held.routing } : {}),
  };
}

/**
 * Ends a PENDING challenge (locked by the caller) at `at`: the transaction moved by its state
 * machine (transaction.updated), the charge it pays moved as a card payment moves it (its machine
 * emits charge.paid or charge.payment_failed). Answers the transaction as written, or undefined
 * when it had already left PENDING_3DS.
 */
export async function endChallenge(ctx: SandboxContext, db: Queryable, challenge: ChallengeDoc, asked: ChallengeEnd, at: Date): Promise<TransactionDoc | undefined> {
  const end: ChallengeEnd = asked === 'AUTHENTICATED' && challenge.fails ? 'FAILED' : asked;
  const stamp = at.toISOString();
  await challenges.update(db, { ...challenge, status: end, updatedAt: stamp });
  const transaction = await transactions.get(db, challenge.companyId, challenge.transactionId, true);
  if (transaction?.status !== 'PENDING_3DS') return undefined;
  const after = afterChallenge(transaction, end, challenge.held, stamp);
  const { nextAction: _ended, ...waiting } = transaction;
  return writeHeldAnswer(ctx, db, waiting as TransactionDoc, after, EVENTS[end], at, challenge.payer ?? 'shopper');
}

/** The clock's challengeExpired row: every PENDING challenge of the company past its time at `now` ends EXPIRED (stamped at its expiresAt); answers the transactions it moved. */
export async function expireDueChallenges(ctx: SandboxContext, db: Queryable, companyId: string, now: Date): Promise<TransactionDoc[]> {
  const expired: TransactionDoc[] = [];
  for (const challenge of await dueChallenges(db, companyId, now)) {
    const transaction = await endChallenge(ctx, db, challenge, 'EXPIRED', new Date(challenge.expiresAt));
    if (transaction) expired.push(transaction);
  }
  return expired;
}
