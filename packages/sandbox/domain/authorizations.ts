// An authorization not captured lapses (reference: "not shown"): captureBefore is set
// AUTHORIZATION_DAYS after a transaction becomes AUTHORIZED, and the test clock moves one left
// uncaptured past it to CANCELED (its authorizationLapsed row: at a day's start, and after a move at the new time),
// stamped at captureBefore. No money was taken, so nothing else moves.
import type { SandboxContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { AUTHORIZATION_DAYS } from '../schemas/transaction.js';
import { authorizationsLapsedBy } from '../store/due-transactions.js';
import type { TransactionDoc } from '../store/tables.js';
import { move } from './states/machine.js';
import { TRANSACTION_MACHINE } from './states/transaction.js';

/** When an authorization given at `at` lapses unless captured. */
export const captureBeforeOf = (at: Date): string => new Date(at.getTime() + AUTHORIZATION_DAYS * 86_400_000).toISOString();

/** The clock's authorizationLapsed row: the company's AUTHORIZED transactions whose captureBefore is at or before `at`, CANCELED; answers them as written. */
export async function lapseDueAuthorizations(ctx: SandboxContext, db: Queryable, companyId: string, at: Date): Promise<TransactionDoc[]> {
  const lapsed: TransactionDoc[] = [];
  for (const transaction of await authorizationsLapsedBy(db, companyId, at)) {
    const written = await move(TRANSACTION_MACHINE, db, transaction, 'authorization_lapsed', new Date(transaction.captureBefore!),
      { patch: { message: `Authorization lapsed: not captured by ${transaction.captureBefore}` } });
    ctx.recent.remember(written);
    lapsed.push(written);
  }
  return lapsed;
}
